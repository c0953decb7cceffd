package io.sparkadvisor.rules.dataaccess;

import static io.sparkadvisor.rules.thresholds.DataAccessThresholds.PS_MIN_SPLIT_BYTES;
import static io.sparkadvisor.rules.thresholds.DataAccessThresholds.PS_MIN_TASKS_PER_SLOT;
import static io.sparkadvisor.rules.thresholds.DataAccessThresholds.PS_SHRINK_FACTOR;
import static io.sparkadvisor.rules.thresholds.DataAccessThresholds.PS_TARGET_TASKS_PER_SLOT;

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
 * The partition-sizing recommendation. Too few tasks: a smaller spark.sql.files.maxPartitionBytes
 * when the stage reads files that can be split further, else a coalesce widened or a repartition
 * to a few tasks per slot. Too many tiny tasks: fewer shuffle partitions, larger splits or a
 * coalesce, by the shrink factor. The follow-up measures the stage's task count out of the range the
 * rule fires on (at least {@code partitionSizing.minTasksPerSlot} per slot; at most the predicted count),
 * its wall time, and no new spill or failures.
 */
public final class PartitionSizingAdvice {
    public static final String RULE = "partition-sizing";

    private PartitionSizingAdvice() {}

    /** Slots idle while a few long tasks run. */
    public static Finding tooFewTasks(PartitionSizingEvidence e, Thresholds t, Severity severity) {
        long proposedSplit = e.proposedMaxPartitionBytes(t.get(PS_TARGET_TASKS_PER_SLOT), t.getLong(PS_MIN_SPLIT_BYTES));
        long partitions = (long) Math.ceil(t.get(PS_TARGET_TASKS_PER_SLOT) * e.slots());
        String remedy = proposedSplit > 0 ? "Split" : e.coalescePartitions() >= 0 ? "Coalesce" : "Repartition";
        long predicted = proposedSplit > 0 ? e.predictedTasks(proposedSplit) : partitions;
        Messages m = Messages.of(RULE, scope(e, proposedSplit, partitions, predicted));
        Change change = switch (remedy) {
            case "Split" -> Change.sparkConf("spark.sql.files.maxPartitionBytes", proposedSplit);
            case "Coalesce" -> Change.code("coalesce(" + e.coalescePartitions() + ") -> repartition(" + partitions + ")",
                    m.text("snippetCoalesce"));
            default -> Change.code("repartition(" + partitions + ")", m.text("snippetRepartition"));
        };
        Checks stage = Checks.ofStage(e.stageId());
        long enough = (long) Math.ceil(t.get(PS_MIN_TASKS_PER_SLOT) * e.slots());
        Step step = new Step(1, List.of(change), m.list("checksFew"), m.text("rollback"), List.of(
                new MetricCheck(stage.metric(RunMetrics.TASKS), Comparison.AT_LEAST, enough,
                        "stage " + e.stageId() + " runs at least " + enough + " tasks (it ran " + e.tasks() + ")"),
                new MetricCheck(stage.metric(RunMetrics.WALL_MS), Comparison.BELOW, e.stageWallMs(),
                        "stage " + e.stageId() + " takes less than its " + Format.duration(e.stageWallMs())),
                Checks.ofRun().notSlower(t), stage.noNewSpill(), stage.noNewFailedTasks()));
        return new Finding(RULE, Layer.DATA_ACCESS, severity, m.text("titleFew"), List.of(e.stageId()),
                evidence(e, proposedSplit, partitions, predicted),
                new Recommendation(m.text("summary" + remedy), m.list("preconditions" + remedy), List.of(step),
                        m.text("proofFew"), m.text("experimentFew")),
                new Savings(e.savedMs(), Format.round(e.idleCoreHours())));
    }

    /** Very many tasks, each too short to pay for its scheduling. */
    public static Finding tooManyTasks(PartitionSizingEvidence e, Thresholds t, Severity severity) {
        double shrink = t.get(PS_SHRINK_FACTOR);
        long partitions = (long) Math.ceil(e.tasks() / shrink);
        long split = e.readsFiles() ? Long.highestOneBit((long) (e.splits().maxPartitionBytes() * shrink)) : 0;
        long predicted = e.readsFiles() ? e.predictedTasks(split) : partitions;
        Messages m = Messages.of(RULE, scope(e, split, partitions, predicted));
        Change change = e.readsShuffle() ? Change.sparkConf("spark.sql.shuffle.partitions", partitions)
                : e.readsFiles() ? Change.sparkConf("spark.sql.files.maxPartitionBytes", split)
                : Change.code("coalesce(" + partitions + ")", m.text("snippetFewer"));
        Checks stage = Checks.ofStage(e.stageId());
        Step step = new Step(1, List.of(change), m.list("checksMany"), m.text("rollback"), List.of(
                new MetricCheck(stage.metric(RunMetrics.TASKS), Comparison.AT_MOST, predicted,
                        "stage " + e.stageId() + " runs at most " + predicted + " tasks (it ran " + e.tasks() + ")"),
                stage.notSlower(t), stage.noDiskSpill()));
        // Half of each tiny task is scheduling and start-up overhead that fewer tasks would not pay.
        long saved = Math.max(0, (e.tasks() - predicted) * e.medianTaskMs() / 2 / Math.max(1, e.slots()));
        return new Finding(RULE, Layer.DATA_ACCESS, severity, m.text("titleMany"), List.of(e.stageId()),
                evidence(e, split, partitions, predicted),
                new Recommendation(m.text("summaryMany"), m.list("preconditionsMany"), List.of(step),
                        m.text("proofMany"), m.text("experimentMany")),
                new Savings(saved, Format.round(saved * (double) e.slots() / 3_600_000)));
    }

    private static Map<String, Object> scope(PartitionSizingEvidence e, long split, long partitions, long predicted) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("tasks", e.tasks());
        scope.put("slots", e.slots());
        scope.put("wall", Format.duration(e.spanMs()));
        scope.put("medianTask", Format.duration(e.medianTaskMs()));
        scope.put("idle", Format.percent(e.idleSlotShare()));
        scope.put("input", Format.bytes(e.inputBytes()));
        scope.put("files", e.inputFiles());
        scope.put("perTask", Format.bytes(e.bytesPerTask()));
        scope.put("current", Format.bytes(e.splits().maxPartitionBytes()));
        scope.put("split", Format.bytes(split));
        scope.put("splitBytes", split);
        scope.put("coalesce", e.coalescePartitions());
        scope.put("partitions", partitions);
        scope.put("predicted", predicted);
        return scope;
    }

    private static Map<String, Object> evidence(PartitionSizingEvidence e, long split, long partitions, long predicted) {
        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("stageId", e.stageId());
        evidence.put("tasks", e.tasks());
        evidence.put("slots", e.slots());
        evidence.put("stageWallMs", e.stageWallMs());
        evidence.put("taskSpanMs", e.spanMs());
        evidence.put("medianTaskMs", e.medianTaskMs());
        evidence.put("idleSlotShare", Format.round(e.idleSlotShare()));
        evidence.put("inputBytes", e.inputBytes());
        evidence.put("inputFiles", e.inputFiles());
        evidence.put("bytesPerTask", e.bytesPerTask());
        evidence.put("maxPartitionBytes", e.splits().maxPartitionBytes());
        evidence.put("proposedMaxPartitionBytes", split);
        evidence.put("coalescePartitions", e.coalescePartitions());
        evidence.put("proposedPartitions", partitions);
        evidence.put("predictedTasks", predicted);
        return evidence;
    }
}
