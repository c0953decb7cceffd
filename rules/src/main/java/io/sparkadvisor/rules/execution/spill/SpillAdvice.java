package io.sparkadvisor.rules.execution.spill;

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
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The spill recommendation: first more partitions, as many as make each task's working set fit the
 * execution memory a task got in this run (as far as the stage's bytes justify), through the setting that governs
 * this stage's partitions, without overriding a partition size the job set itself; then, only when the run's heap was
 * used near its limit, nodes with enough memory per core for the working set. When neither applies, each task's share
 * of the heap it has (spark.memory.fraction, tasks per executor) is the step, for people. The follow-up
 * measures the stage's spill falling to {@code spill.maxRemainingShare} of the baseline's without
 * tasks too short to pay for themselves or a slower run; after the node change, no disk spill and
 * GC under {@link io.sparkadvisor.rules.execution.gcpressure.GcPressureRule#MEDIUM_RATIO}.
 */
final class SpillAdvice {
    private SpillAdvice() {}

    static Remedy remedy(SpillEvidence e, Diagnosis d, Thresholds t) {
        int partitions = e.recommendedPartitions();
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("spilled", Format.bytes(e.memorySpilledBytes()));
        scope.put("disk", Format.bytes(e.diskSpilledBytes()));
        scope.put("data", Format.bytes(e.stageDataBytes()));
        scope.put("ratio", Format.ratio(e.spillRatio()));
        scope.put("tasks", e.tasks());
        scope.put("acrossBatches", e.batches() > 1);
        scope.put("batches", e.batches());
        scope.put("batchesWithSpill", e.batchesWithSpill());
        scope.put("partitions", partitions);
        scope.put("need", Format.bytes(e.memoryNeededPerTaskBytes()));
        scope.put("granted", Format.bytes(e.peakExecutionMemoryMaxBytes()));
        scope.put("perCore", Format.bytes(e.heapPerCoreBytes()));
        scope.put("splits", e.splits());
        scope.put("nearLimit", e.heapNearLimit());
        scope.put("smallFraction", e.smallMemoryFraction());
        scope.put("fraction", e.memoryFraction());
        scope.put("minSize", Format.bytes(t.getLong(SpillRule.MIN_PARTITION_BYTES)));
        String ownKey = e.readsShuffle() ? SpillEvidence.PARTITION_SIZE_SETTINGS.get(1) : SpillEvidence.PARTITION_SIZE_SETTINGS.get(0);
        scope.put("ownKey", ownKey);
        scope.put("own", e.ownSettings().getOrDefault(ownKey, ""));
        Messages m = Messages.of(SpillRule.ID, scope, t);

        Checks stage = Checks.ofStage(e.stageId());
        List<Step> steps = new ArrayList<>();
        if (e.splits()) {
            steps.add(new Step(1, partitionChanges(e, partitions, m, t), m.list("partitionChecks"), m.text("partitionRollback"),
                    List.of(spillFalls(e, t, m), stage.tasksLongEnough(t), Checks.ofRun().notSlower(t))));
        }
        if (e.heapNearLimit()) {
            steps.add(new Step(steps.size() + 1, largerNodes(e, m), m.list("nodeChecks"),
                    m.text("nodeRollback"), List.of(stage.noDiskSpill(), stage.gcUnder(t))));
        }
        if (steps.isEmpty()) {
            steps.add(new Step(1, List.of(Change.manual("execution memory per task", m.text("shareChange"))),
                    m.list("shareChecks"), m.text("partitionRollback"), List.of(spillFalls(e, t, m), Checks.ofRun().notSlower(t))));
        }

        // Spilled bytes are written to local disk once and read back once.
        double slotMs = 2_000.0 * e.diskSpilledBytes() / t.get(SpillRule.DISK_BYTES_PER_SECOND);
        return Remedy.of(m, "summary", steps, Savings.of(Math.round(slotMs / e.slots()), slotMs).upTo());
    }

    /** On Databricks a node type of the catalogue with twice the memory per core; elsewhere the sizing, for people. */
    private static List<Change> largerNodes(SpillEvidence e, Messages m) {
        return e.compute().databricks() ? e.compute().moreMemoryPerCore(2, "spark.executor.memory", "")
                : List.of(Change.manual("node_type_id", m.text("nodeType")));
    }

    private static MetricCheck spillFalls(SpillEvidence e, Thresholds t, Messages m) {
        return new MetricCheck(Metric.SPILL_BYTES.ofStage(e.stageId()), Comparison.AT_MOST_BASELINE_TIMES,
                t.get(SpillRule.MAX_REMAINING_SHARE), m.text("spillCheck"));
    }

    private static List<Change> partitionChanges(SpillEvidence e, int partitions, Messages m, Thresholds t) {
        long minBytes = t.getLong(SpillRule.MIN_PARTITION_BYTES);
        if (e.readsShuffle()) {
            // AQE would coalesce the new partitions back to its advisory size: aim it at the new size.
            long advisory = Math.max(minBytes, e.shuffleReadBytes() / partitions);
            return List.of(Change.sparkConf("spark.sql.shuffle.partitions", partitions),
                    ownUnlessKept(Change.sparkConf("spark.sql.adaptive.advisoryPartitionSizeInBytes", advisory), e, m));
        }
        if (e.readsFiles()) {
            return List.of(ownUnlessKept(Change.sparkConf("spark.sql.files.maxPartitionBytes",
                    Math.max(minBytes, e.inputBytes() / partitions)), e, m));
        }
        return List.of(Change.code(m.text("repartitionChange"), m.text("repartitionSnippet")));
    }

    /** A partition size the job set itself is a choice (a GPU job's 10 GiB splits): lowering it is left to people, named. */
    private static Change ownUnlessKept(Change c, SpillEvidence e, Messages m) {
        return e.ownSettings().containsKey(c.key()) ? c.refused(m.text("ownSetting")) : c;
    }
}
