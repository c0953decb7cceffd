package io.sparkadvisor.rules.infrastructure.fallingbehind;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.infrastructure.WorkerCores;
import io.sparkadvisor.rules.infrastructure.iobound.IoBoundEvidence.Blocker;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The remedy follows the cause the DRL named: minPartitions for a narrow Kafka read, a per-trigger cap for unbounded
 * batches, SPARK_WORKER_CORES at 1.5x then 2x the cores when the tasks wait on a fixed-size cluster (never more nodes
 * first), more compute when they compute. The saving of more slots is the nodes it avoids adding to keep up, per hour
 * and per week always on; the other causes claim none.
 */
final class FallingBehindAdvice {
    private FallingBehindAdvice() {}

    static Remedy remedy(FallingBehindEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("query", e.queryName().isEmpty() ? e.queryId() : e.queryName());
        scope.put("batches", e.batches());
        scope.put("behindShare", Format.percent(e.behindShare()));
        scope.put("rateRatio", Format.ratio(e.rateRatio()));
        scope.put("offsetsReported", e.offsetsBehindLast() >= 0);
        scope.put("offsetsFirst", e.offsetsBehindFirst());
        scope.put("offsetsLast", e.offsetsBehindLast());
        scope.put("cpuShare", Format.percent(e.cpuShare()));
        scope.put("slots", e.slots());
        scope.put("partitions", e.kafkaPartitions());
        scope.put("cores", e.workerCores());
        scope.put("step1", e.step1());
        scope.put("step2", e.step2());
        scope.put("rowsPerTrigger", e.rowsPerTrigger());
        scope.put("rowsSpread", Format.ratio(e.rowsSpread()));
        scope.put("source", e.source());
        scope.put("kafka", e.kafka());
        scope.put("coreHoursPerHour", Format.decimals(e.nodesAvoidedPerHour(), 1));
        scope.put("coreHoursPerWeek", Format.decimals(e.nodesAvoidedPerWeek(), 0));
        scope.put("priced", e.dollarsPerHour() > 0);
        scope.put("dollarsPerHour", String.format(Locale.ROOT, "$%.2f", e.dollarsPerHour()));
        scope.put("dollarsPerWeek", String.format(Locale.ROOT, "$%.0f", e.dollarsPerWeek()));
        scope.put("gcLimit", Format.percent(t.get(FallingBehindRule.MAX_GC_SHARE_AFTER)));
        Messages m = Messages.of(FallingBehindRule.ID, scope, t);
        return remedy(e, (FallingBehindCause) d.kind(), m, t).atRisk(m.text("risk"));
    }

    private static Remedy remedy(FallingBehindEvidence e, FallingBehindCause cause, Messages m, Thresholds t) {
        return switch (cause) {
            case SOURCE_PARALLELISM -> Remedy.of(m, "summaryPartitions", List.of(new Step(1,
                    List.of(Change.code(m.text("sourceChange"), m.text("minPartitionsSnippet"))), m.list("sourceChecks"),
                    m.text("sourceRollback"), List.of())), Savings.NONE);
            case UNBOUNDED_BATCH -> Remedy.of(m, "summaryUnbounded", List.of(new Step(1,
                    List.of(Change.code(m.text("sourceChange"), m.text(e.kafka() ? "maxOffsetsSnippet" : "maxFilesSnippet"))),
                    m.list("sourceChecks"), m.text("sourceRollback"), List.of())), Savings.NONE);
            case WAITING -> slots(e, m, t);
            case CPU_BOUND -> Remedy.of(m, "summaryCompute", List.of(new Step(1,
                    List.of(Change.manual(m.text("computeChange"), m.text("computeInstruction"))), m.list("computeChecks"),
                    m.text("computeRollback"), List.of())), Savings.NONE);
        };
    }

    /** More slots per core, staged; where the cluster cannot take SPARK_WORKER_CORES the finding says what to change first. */
    private static Remedy slots(FallingBehindEvidence e, Messages m, Thresholds t) {
        List<MetricCheck> verify = List.of(
                new MetricCheck(Metric.STREAM_RATE_RATIO.ofRun(), Comparison.AT_MOST, 1, m.text("keepsUpCheck")),
                new MetricCheck(Metric.GC_SHARE.ofRun(), Comparison.BELOW, t.get(FallingBehindRule.MAX_GC_SHARE_AFTER),
                        m.text("gcCheck")));
        List<Step> steps = e.blocker() != Blocker.NONE ? List.of() : List.of(
                new Step(1, List.of(Change.envVar(WorkerCores.VARIABLE, e.step1())), m.list("checks1"), m.text("rollback"), verify),
                new Step(2, List.of(Change.envVar(WorkerCores.VARIABLE, e.step2())), m.list("checks2"), m.text("rollback"), verify));
        String summary = switch (e.blocker()) {
            case NONE -> "summarySlots";
            case SINGLE_NODE -> "summarySingleNode";
            case STANDARD_ACCESS -> "summaryStandardAccess";
        };
        return Remedy.of(m, summary, WorkerCores.preconditions(e.cluster()), steps, e.alwaysOn().savingsOnRun(e.excess()).upTo());
    }
}
