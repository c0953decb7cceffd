package io.sparkadvisor.rules.infrastructure.iobound;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.infrastructure.WorkerCores;
import io.sparkadvisor.rules.infrastructure.iobound.IoBoundEvidence.Blocker;
import io.sparkadvisor.rules.thresholds.GeneralThresholds;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * More slots, not more nodes: SPARK_WORKER_CORES at 1.5x then 2x the node's cores, each step proven
 * by one full run. The preconditions are checked against the cluster: standard access mode drops the
 * variable and single-node clusters have no Worker, so there the finding gives the alternative instead.
 * The follow-up measures the run shorter on the same nodes, the stage's slot-hours within
 * {@code follow-up.tradeOffRatio}, its nodes' CPUs busier and its GC under {@code io-bound-slots.maxGcShareAfter}.
 */
final class IoBoundAdvice {
    private IoBoundAdvice() {}

    static Remedy remedy(IoBoundEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("cpuShare", Format.percent(e.cpuShare()));
        scope.put("queued", Format.duration(e.meanQueuedMs()));
        scope.put("run", Format.duration(e.runTimeMs()));
        scope.put("cpu", Format.duration(e.cpuTimeMs()));
        scope.put("tasks", e.tasks());
        scope.put("slots", e.slots());
        scope.put("appShare", Format.percent(e.appShare()));
        scope.put("cores", e.workerCores());
        scope.put("step1", e.step1());
        scope.put("step2", e.step2());
        scope.put("observed", Format.duration(e.observedMs()));
        scope.put("predicted1", Format.duration(e.predictedMsStep1()));
        scope.put("predicted2", Format.duration(e.predictedMsStep2()));
        scope.put("modelError", Format.percent(e.whatIfModelError()));
        scope.put("runBound", Format.percent(runBound(e)));
        scope.put("workerCoresSet", e.workerCoresSet());
        scope.put("machineMeasured", e.machineMeasured());
        scope.put("machineCpu", Format.percent(e.machineCpuShare()));
        scope.put("machineCpuP90", Format.percent(e.machineCpuP90()));
        scope.put("machineCpuWait", Format.percent(e.machineCpuWaitShare()));
        scope.put("machineNodes", e.machineNodes());
        scope.put("alreadyRaised", e.workerCoresSet() > 0);
        scope.put("acrossBatches", e.batches() > 1);
        scope.put("batches", e.batches());
        scope.put("batchCompute", Format.percent(e.batchComputeShare()));
        scope.put("batchQueued", Format.percent(e.batchQueuedShare()));
        scope.put("gcLimit", Format.percent(t.get(IoBoundRule.MAX_GC_SHARE_AFTER)));
        scope.put("slotHoursSlack", Format.percent(t.get(GeneralThresholds.FOLLOW_UP_TRADE_OFF_RATIO) - 1));
        scope.put("cpuTarget", Format.percent(Math.min(t.get(IoBoundRule.CPU_TARGET_CAP),
                e.cpuShare() * t.get(IoBoundRule.CPU_TARGET_FACTOR) + t.get(IoBoundRule.CPU_TARGET_MARGIN))));
        e.executorCores().filter(c -> c > 0).ifPresent(c -> {
            scope.put("executorCores", c);
            scope.put("executors", e.step1() / c);
        });
        Messages m = Messages.of(IoBoundRule.ID, scope, t);

        List<Step> steps = new ArrayList<>();
        if (e.blocker() == Blocker.NONE) {
            List<MetricCheck> verify = verify(e, t, m);
            steps.add(new Step(1, List.of(Change.envVar(WorkerCores.VARIABLE, e.step1())), m.list("checks1"), m.text("rollback"), verify));
            steps.add(new Step(2, List.of(Change.envVar(WorkerCores.VARIABLE, e.step2())), m.list("checks2"), m.text("rollback"), verify));
        }
        String summary = switch (e.blocker()) {
            case NONE -> "summary";
            case SINGLE_NODE -> "summarySingleNode";
            case STANDARD_ACCESS -> "summaryStandardAccess";
        };
        return Remedy.of(m, summary, preconditions(e, m), steps, Savings.slotTime(e.savedMsStep1(), e.slots()));
    }

    /**
     * What more slots move is the run's time on the same nodes (the same node-hours, more slot-hours of work done in
     * them), not a task's CPU over its run time: the run must end within the replay's prediction for step 1 plus the
     * replay's own error, and never later than before.
     */
    static double runBound(IoBoundEvidence e) {
        double predicted = (double) e.predictedMsStep1() / Math.max(1, e.observedMs());
        return Math.min(1, Math.round((predicted + Math.abs(e.whatIfModelError())) * 1000) / 1000.0);
    }

    /**
     * More slots must turn waiting into a shorter run on the same nodes, with the stage's slot-hours about the same (tasks
     * that waited share cores without slowing each other; had the cores been busy, as with tasks running threads of their
     * own, every task would stretch and the slot-hours with it), its nodes' CPUs busier, and GC under the rollback limit.
     */
    static List<MetricCheck> verify(IoBoundEvidence e, Thresholds t, Messages m) {
        Checks stage = Checks.ofStage(e.stageId());
        return List.of(new MetricCheck(Metric.APP_DURATION_MS.ofRun(), Comparison.AT_MOST_BASELINE_TIMES, runBound(e),
                        m.text("runCheck")),
                new MetricCheck(stage.metric(Metric.TASK_MS), Comparison.AT_MOST_BASELINE_TIMES,
                        t.get(GeneralThresholds.FOLLOW_UP_TRADE_OFF_RATIO), m.text("slotHoursCheck")),
                new MetricCheck(stage.metric(Metric.NODE_CPU_SHARE), Comparison.ABOVE_BASELINE_TIMES, 1, m.text("nodeCpuCheck")),
                new MetricCheck(Metric.GC_SHARE.ofStage(e.stageId()), Comparison.BELOW, t.get(IoBoundRule.MAX_GC_SHARE_AFTER),
                        m.text("gcCheck")));
    }

    private static List<String> preconditions(IoBoundEvidence e, Messages m) {
        List<String> out = new ArrayList<>(WorkerCores.preconditions(e.cluster()));
        // With spark.executor.cores unset one executor takes all slots; set, the slots are split into several executors.
        out.add(m.text(e.executorCores().filter(x -> x > 0).isPresent() ? "executorLayoutSplit" : "executorLayoutOne"));
        return out;
    }
}
