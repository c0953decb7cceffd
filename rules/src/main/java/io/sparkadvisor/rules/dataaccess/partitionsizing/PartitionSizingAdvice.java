package io.sparkadvisor.rules.dataaccess.partitionsizing;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The partition-sizing recommendation, by the diagnosis' {@link PartitionSizingKind}. Too few tasks: a smaller
 * spark.sql.files.maxPartitionBytes when the stage reads files that can be split further, else a coalesce widened,
 * the code's own repartition(n) raised, or a repartition to the count the stage's bytes and work justify (by hand
 * where the stage is RDD code: its partitions come from the RDD it maps). Too many tiny tasks: fewer shuffle
 * partitions, larger splits or a coalesce, by the shrink factor. A setting goes into the job's cluster only when the
 * job benefits ({@link JobWide}), else it is set for the stage's query. The follow-up measures the stage's task count
 * out of the range the rule fires on (at least {@code partition-sizing.minTasksPerSlot} per slot, or the predicted
 * count when that is fewer; at most the predicted count), its wall time, and no new spill or failures.
 */
final class PartitionSizingAdvice {
    private static final String MAX_PARTITION_BYTES = "spark.sql.files.maxPartitionBytes";

    private PartitionSizingAdvice() {}

    static Remedy remedy(PartitionSizingEvidence e, Diagnosis d, Thresholds t) {
        return switch ((PartitionSizingKind) d.kind()) {
            case TOO_FEW_TASKS -> tooFewTasks(e, t);
            case TOO_MANY_TASKS -> tooManyTasks(e, t);
        };
    }

    /** Slots idle while a few long tasks run. */
    private static Remedy tooFewTasks(PartitionSizingEvidence e, Thresholds t) {
        String remedy = e.proposedMaxPartitionBytes() > 0 ? "Split" : e.coalescePartitions() >= 0 ? "Coalesce"
                : e.repartitionInCode() >= 0 ? "Recount" : e.sqlPlan() ? "Repartition" : "Rdd";
        // The check asks for what the proposal predicts, when that is fewer than the rule's own bound.
        long enough = Math.min(e.predictedTasks(), (long) Math.ceil(t.get(PartitionSizingRule.MIN_TASKS_PER_SLOT) * e.slots()));
        Map<String, Object> scope = scope(e);
        scope.put("enough", enough);
        Messages m = Messages.of(PartitionSizingRule.ID, scope, t);
        Change change = switch (remedy) {
            case "Split" -> JobWide.setting(MAX_PARTITION_BYTES, e.proposedMaxPartitionBytes(), e.stageId(), e.jobWide());
            case "Coalesce" -> Change.code(m.text("changeCoalesce"), m.text("snippetCoalesce"));
            case "Recount" -> Change.code(m.text("changeRecount"), m.text("snippetRecount"));
            case "Rdd" -> Change.manual(m.text("changeRdd"), m.text("instructionRdd"));
            default -> Change.code(m.text("changeRepartition"), m.text("snippetRepartition"));
        };
        Checks stage = Checks.ofStage(e.stageId());
        Step step = new Step(1, List.of(change), m.list("checksFew"), m.text("rollback"), List.of(
                new MetricCheck(stage.metric(Metric.TASKS), Comparison.AT_LEAST, enough, m.text("enoughTasksCheck")),
                new MetricCheck(stage.metric(Metric.WALL_MS), Comparison.BELOW, e.stageWallMs(), m.text("shorterCheck")),
                Checks.ofRun().notSlower(t), stage.noNewSpill(), stage.noNewFailedTasks()));
        return new Remedy(m.text("titleFew"), new Recommendation(m.text("summary" + remedy),
                m.list("preconditions" + remedy), List.of(step), m.text("proofFew"), m.text("experimentFew")),
                Savings.of(e.savedMs(), e.idleSlotMs()).upTo());
    }

    /** Very many tasks, each too short to pay for its scheduling. */
    private static Remedy tooManyTasks(PartitionSizingEvidence e, Thresholds t) {
        Messages m = Messages.of(PartitionSizingRule.ID, scope(e), t);
        Change change = e.readsShuffle() ? JobWide.setting("spark.sql.shuffle.partitions", e.proposedPartitions(), e.stageId(), e.jobWide())
                : e.readsFiles() ? JobWide.setting(MAX_PARTITION_BYTES, e.proposedMaxPartitionBytes(), e.stageId(), e.jobWide())
                : Change.code(m.text("changeFewer"), m.text("snippetFewer"));
        Checks stage = Checks.ofStage(e.stageId());
        Step step = new Step(1, List.of(change), m.list("checksMany"), m.text("rollback"), List.of(
                new MetricCheck(stage.metric(Metric.TASKS), Comparison.AT_MOST, e.predictedTasks(), m.text("fewerTasksCheck")),
                stage.notSlower(t), stage.noDiskSpill()));
        // Part of each tiny task is scheduling and start-up overhead that fewer tasks would not pay.
        long overheadMs = (long) ((e.tasks() - e.predictedTasks()) * e.medianTaskMs()
                * t.get(PartitionSizingRule.TINY_TASK_OVERHEAD_SHARE));
        long saved = Math.max(0, overheadMs / Math.max(1, e.slots()));
        return new Remedy(m.text("titleMany"), new Recommendation(m.text("summaryMany"),
                m.list("preconditionsMany"), List.of(step), m.text("proofMany"), m.text("experimentMany")),
                Savings.of(saved, saved * (double) e.slots()));
    }

    private static Map<String, Object> scope(PartitionSizingEvidence e) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("tasks", e.tasks());
        scope.put("slots", e.slots());
        scope.put("wall", Format.duration(e.taskSpanMs()));
        scope.put("stageWall", Format.duration(e.stageWallMs()));
        scope.put("kafka", e.sources().kafka());
        scope.put("jdbc", e.sources().jdbc());
        scope.put("medianTask", Format.duration(e.medianTaskMs()));
        scope.put("idle", Format.percent(e.idleSlotShare()));
        scope.put("input", Format.bytes(e.inputBytes()));
        scope.put("files", e.inputFiles());
        scope.put("perTask", Format.bytes(e.bytesPerTask()));
        scope.put("current", Format.bytes(e.maxPartitionBytes()));
        scope.put("split", Format.bytes(e.proposedMaxPartitionBytes()));
        scope.put("splitBytes", e.proposedMaxPartitionBytes());
        scope.put("coalesce", e.coalescePartitions());
        scope.put("partitions", e.proposedPartitions());
        scope.put("predicted", e.predictedTasks());
        scope.put("inCode", e.repartitionInCode());
        scope.put("setByJob", e.maxPartitionBytesSetByJob());
        scope.put("readSplit", e.maxPartitionBytesSetByJob() && e.inputBytes() > 0);
        scope.put("data", Format.bytes(e.data().bytes()));
        scope.put("jobWide", e.jobWide());
        return scope;
    }
}
