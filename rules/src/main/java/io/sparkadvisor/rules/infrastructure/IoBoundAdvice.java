package io.sparkadvisor.rules.infrastructure;

import static io.sparkadvisor.rules.thresholds.InfrastructureThresholds.IO_MAX_GC_SHARE_AFTER;
import static io.sparkadvisor.rules.thresholds.InfrastructureThresholds.IO_STEP1_FACTOR;
import static io.sparkadvisor.rules.thresholds.InfrastructureThresholds.IO_STEP2_FACTOR;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * More slots, not more nodes: SPARK_WORKER_CORES at 1.5x then 2x the node's cores, each step proven
 * by one full run. The preconditions are checked against the cluster: standard access mode drops the
 * variable and single-node clusters have no Worker, so there the finding gives the alternative instead.
 * The follow-up measures the stage's CPU share rising, its GC under {@code ioBoundSlots.maxGcShareAfter}
 * and the run at most {@code followUp.tradeOffRatio} slower.
 */
public final class IoBoundAdvice {
    public static final String RULE = "io-bound-slots";
    static final String VARIABLE = "SPARK_WORKER_CORES";

    private IoBoundAdvice() {}

    public static Finding finding(IoBoundEvidence e, Thresholds t, Severity severity) {
        int cores = e.workerCores();
        int step1 = (int) Math.round(cores * t.get(IO_STEP1_FACTOR));
        int step2 = (int) Math.round(cores * t.get(IO_STEP2_FACTOR));
        int slotsStep1 = e.slots() * step1 / cores;
        int slotsStep2 = e.slots() * step2 / cores;
        long observed = e.whatIf().observedMs();
        long predicted1 = e.whatIf().predictMs(slotsStep1);
        long predicted2 = e.whatIf().predictMs(slotsStep2);
        Optional<String> blocker = blocker(e.cluster());

        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("cpuShare", Format.percent(e.cpuShare()));
        scope.put("queued", Format.duration(e.meanQueuedMs()));
        scope.put("run", Format.duration(e.runTimeMs()));
        scope.put("cpu", Format.duration(e.cpuTimeMs()));
        scope.put("tasks", e.tasks());
        scope.put("slots", e.slots());
        scope.put("appShare", Format.percent(e.appShare()));
        scope.put("cores", cores);
        scope.put("step1", step1);
        scope.put("step2", step2);
        scope.put("observed", Format.duration(observed));
        scope.put("predicted1", Format.duration(predicted1));
        scope.put("predicted2", Format.duration(predicted2));
        scope.put("modelError", Format.percent(e.whatIf().modelError()));
        scope.put("gcLimit", Format.percent(t.get(IO_MAX_GC_SHARE_AFTER)));
        scope.put("cpuTarget", Format.percent(Math.min(0.9, e.cpuShare() * 1.3 + 0.02)));
        scope.put("blocker", blocker.orElse(""));
        scope.put("executorLayout", executorLayout(e, step1));
        Messages m = Messages.of(RULE, scope);

        List<Step> steps = new ArrayList<>();
        if (blocker.isEmpty()) {
            List<MetricCheck> verify = verify(e, t);
            steps.add(new Step(1, List.of(Change.envVar(VARIABLE, step1)), m.list("checks1"), m.text("rollback"), verify));
            steps.add(new Step(2, List.of(Change.envVar(VARIABLE, step2)), m.list("checks2"), m.text("rollback"), verify));
        }

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("stageId", e.stageId());
        evidence.put("tasks", e.tasks());
        evidence.put("slots", e.slots());
        evidence.put("cpuShare", Format.round(e.cpuShare()));
        evidence.put("gcShare", Format.round(e.gcShare()));
        evidence.put("medianTaskMs", e.medianTaskMs());
        evidence.put("queuedTaskMs", e.queuedTaskMs());
        evidence.put("meanQueuedMs", e.meanQueuedMs());
        evidence.put("queuedShare", Format.round(e.queuedShare()));
        evidence.put("stageWallMs", e.stageWallMs());
        evidence.put("appShare", Format.round(e.appShare()));
        evidence.put("workerCores", cores);
        evidence.put("slotsStep1", slotsStep1);
        evidence.put("slotsStep2", slotsStep2);
        evidence.put("predictedMsStep1", predicted1);
        evidence.put("predictedMsStep2", predicted2);
        evidence.put("whatIfModelError", Format.round(e.whatIf().modelError()));

        long saved = Math.max(0, observed - predicted1);
        return new Finding(RULE, Layer.INFRASTRUCTURE, severity, m.text("title"), List.of(e.stageId()), evidence,
                new Recommendation(m.text(blocker.isEmpty() ? "summary" : "summaryBlocked"), preconditions(e, m),
                        steps, m.text("proof"), m.text("experiment")),
                new Savings(saved, Format.round(saved * (double) e.slots() / 3_600_000)));
    }

    /** More slots must turn waiting into work without slowing the run or pushing GC past the rollback limit. */
    static List<MetricCheck> verify(IoBoundEvidence e, Thresholds t) {
        double maxGcShare = t.get(IO_MAX_GC_SHARE_AFTER);
        return List.of(
                new MetricCheck(RunMetrics.stageCpuShare(e.stageId()), Comparison.ABOVE_BASELINE_TIMES, 1,
                        "CPU share of stage " + e.stageId() + " rises above " + Format.percent(e.cpuShare())),
                Checks.ofRun().notMuchSlower(t),
                new MetricCheck(RunMetrics.stageGcShare(e.stageId()), Comparison.BELOW, maxGcShare,
                        "GC share of stage " + e.stageId() + " stays under " + Format.percent(maxGcShare)));
    }

    /** Why the change cannot work on this cluster, with the alternative; empty when nothing is known against it. */
    private static Optional<String> blocker(Optional<ClusterShape> cluster) {
        if (cluster.isEmpty()) {
            return Optional.empty();
        }
        ClusterShape c = cluster.get();
        if (c.singleNode()) {
            return Optional.of("This is a single-node cluster: it runs no Worker process, so " + VARIABLE
                    + " has nothing to configure. Run the job on a job cluster with one or more workers, then apply the steps.");
        }
        if (c.dedicatedAccess().equals(Optional.of(false))) {
            return Optional.of("The cluster uses standard (shared) access mode, which passes only an allowed list of"
                    + " environment variables to Spark, and " + VARIABLE + " is not on it. Switch the job cluster to"
                    + " dedicated access mode (data_security_mode SINGLE_USER), then apply the steps.");
        }
        return Optional.empty();
    }

    private static List<String> preconditions(IoBoundEvidence e, Messages m) {
        List<String> out = new ArrayList<>();
        Optional<ClusterShape> c = e.cluster();
        out.add(c.flatMap(ClusterShape::dedicatedAccess).map(d -> d ? m.text("accessOk") : m.text("accessBlocked"))
                .orElse(m.text("accessUnknown")));
        out.add(c.map(x -> x.singleNode() ? m.text("singleNodeBlocked") : m.text("multiNodeOk")).orElse(m.text("singleNodeUnknown")));
        out.add(m.text("executorLayoutNote"));
        return out;
    }

    /** With spark.executor.cores unset one executor takes all slots; set, the slots are split into several executors. */
    private static String executorLayout(IoBoundEvidence e, int step1) {
        return e.executorCores().filter(c -> c > 0)
                .map(c -> "spark.executor.cores is " + c + ", so " + step1 + " slots become " + (step1 / c)
                        + " executors of " + c + " cores sharing the node's memory")
                .orElse("spark.executor.cores is unset, so each node runs one executor whose Cores column should read " + step1);
    }
}
