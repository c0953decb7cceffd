package io.sparkadvisor.rules.execution;

import static io.sparkadvisor.rules.thresholds.ExecutionThresholds.SPILL_DISK_BYTES_PER_SECOND;
import static io.sparkadvisor.rules.thresholds.ExecutionThresholds.SPILL_MAX_REMAINING_SHARE;

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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The spill recommendation: first more partitions, as many as make each task's working set fit the
 * execution memory a task got in this run, through the setting that governs this stage's partitions;
 * then, if spill persists, nodes with enough memory per core for the working set. The follow-up
 * measures the stage's spill falling to {@code spill.maxRemainingShare} of the baseline's without
 * tasks too short to pay for themselves or a slower run; after the node change, no disk spill and
 * GC under the gc-pressure medium rung.
 */
public final class SpillAdvice {
    public static final String RULE = "spill";
    private static final long MIB = 1L << 20;

    private SpillAdvice() {}

    public static Finding finding(SpillEvidence e, Thresholds t, Severity severity) {
        int partitions = e.recommendedPartitions();
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("spilled", Format.bytes(e.memorySpilledBytes()));
        scope.put("disk", Format.bytes(e.diskSpilledBytes()));
        scope.put("data", Format.bytes(e.stageDataBytes()));
        scope.put("ratio", Format.ratio(e.spillRatio()));
        scope.put("tasks", e.tasks());
        scope.put("partitions", partitions);
        scope.put("need", Format.bytes(e.memoryNeededPerTaskBytes()));
        scope.put("granted", Format.bytes(e.peakExecutionMemoryMaxBytes()));
        scope.put("perCore", Format.bytes(e.heapPerCoreBytes()));
        Messages m = Messages.of(RULE, scope, t);

        Checks stage = Checks.ofStage(e.stageId());
        List<Step> steps = List.of(
                new Step(1, partitionChanges(e, partitions, m), m.list("partitionChecks"), m.text("partitionRollback"),
                        List.of(spillFalls(e, t.get(SPILL_MAX_REMAINING_SHARE)), stage.tasksLongEnough(t),
                                Checks.ofRun().notSlower(t))),
                new Step(2, List.of(Change.cluster("node_type_id", m.text("nodeType"))), m.list("nodeChecks"),
                        m.text("nodeRollback"), List.of(stage.noDiskSpill(), stage.gcUnder(t))));

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("memorySpilledBytes", e.memorySpilledBytes());
        evidence.put("diskSpilledBytes", e.diskSpilledBytes());
        evidence.put("stageDataBytes", e.stageDataBytes());
        evidence.put("spillRatio", Format.round(e.spillRatio()));
        evidence.put("topTaskShareOfSpill", Format.round(e.topTaskShareOfSpill()));
        evidence.put("peakExecutionMemoryMaxBytes", e.peakExecutionMemoryMaxBytes());
        evidence.put("memoryNeededPerTaskBytes", e.memoryNeededPerTaskBytes());
        evidence.put("tasks", e.tasks());
        evidence.put("recommendedPartitions", partitions);
        evidence.put("stageWallMs", e.stageWallMs());

        // Spilled bytes are written to local disk once and read back once.
        double slotMs = 2_000.0 * e.diskSpilledBytes() / t.get(SPILL_DISK_BYTES_PER_SECOND);
        return new Finding(RULE, Layer.EXECUTION, severity, m.text("title"), List.of(e.stageId()), evidence,
                new Recommendation(m.text("summary"), m.list("preconditions"), steps, m.text("proof"), m.text("experiment")),
                new Savings(Math.round(slotMs / e.slots()), Format.round(slotMs / 3_600_000)));
    }

    private static MetricCheck spillFalls(SpillEvidence e, double remainingShare) {
        return new MetricCheck(RunMetrics.stage(e.stageId(), RunMetrics.SPILL_BYTES), Comparison.AT_MOST_BASELINE_TIMES,
                remainingShare, "stage " + e.stageId() + " spills at most " + Format.percent(remainingShare) + " of the "
                        + Format.bytes(e.memorySpilledBytes()) + " it spilled");
    }

    private static List<Change> partitionChanges(SpillEvidence e, int partitions, Messages m) {
        if (e.readsShuffle()) {
            // AQE would coalesce the new partitions back to its advisory size: aim it at the new size.
            long advisory = Math.max(MIB, e.shuffleReadBytes() / partitions);
            return List.of(Change.sparkConf("spark.sql.shuffle.partitions", partitions),
                    Change.sparkConf("spark.sql.adaptive.advisoryPartitionSizeInBytes", advisory));
        }
        if (e.readsFiles()) {
            return List.of(Change.sparkConf("spark.sql.files.maxPartitionBytes", Math.max(MIB, e.inputBytes() / partitions)));
        }
        return List.of(Change.code("repartition before the spilling operator", m.text("repartitionSnippet")));
    }
}
