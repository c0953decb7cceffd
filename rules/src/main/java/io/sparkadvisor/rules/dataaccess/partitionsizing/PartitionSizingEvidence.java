package io.sparkadvisor.rules.dataaccess.partitionsizing;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.InputSources;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.FileSplits;
import io.sparkadvisor.rules.dataaccess.ScanRead;
import io.sparkadvisor.rules.dataaccess.StagePartitions;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * How one stage's work was cut into tasks against the slots the run had, with the proposal for one
 * {@link PartitionSizingKind}: each stage gives one record per kind, and the DRL decides which (if
 * any) is a problem. The proposals differ by kind: for too few tasks, a split the stage's files can take, else a
 * partition count its bytes and work justify ({@link StagePartitions#justified}), aiming at
 * {@code partition-sizing.targetTasksPerSlot} tasks per slot; for too many tiny tasks,
 * {@code partition-sizing.shrinkFactor} times fewer partitions or a split that many times larger. A proposal that
 * would not raise the task count predicts the count the stage ran.
 *
 * @param stageId the stage
 * @param tasks the partitions the stage was cut into (a stage whose tasks failed ran more than its successful ones)
 * @param slots task slots of the run
 * @param stageWallMs the stage's wall time, submission to completion
 * @param taskSpanMs how long its own tasks kept the stage running (see {@link #span})
 * @param medianTaskMs the median task
 * @param idleSlotShare share of the slot time the stage's last wave leaves unused (see {@link #lastWaveIdleShare})
 * @param inputBytes bytes the stage read from files (its scan's, else its input metric)
 * @param inputFiles files the stage's scan read, 0 without a scan
 * @param bytesPerTask inputBytes / tasks
 * @param maxPartitionBytes spark.sql.files.maxPartitionBytes in force
 * @param proposedMaxPartitionBytes the split proposed; 0 when the stage reads no files or a smaller split would not
 *        give it more tasks (one small file, files already at the split floor)
 * @param coalescePartitions the partition count of a coalesce the stage's output goes through, -1 without one
 * @param proposedPartitions the partition count proposed: for too few tasks at most targetTasksPerSlot per slot, no
 *        partition under partition-sizing.minPartitionBytes of the stage's bytes or follow-up.minMedianTaskMs of its
 *        work; 0 when nothing justifies more partitions than it ran
 * @param predictedTasks the tasks the stage would run with the proposal (its own count when there is none)
 * @param workMs executor run time of the stage's tasks: the work a new cut spreads
 * @param maxToMedian the longest task over the median one; a straggler is not a partition-count problem
 * @param repartitionInCode the n of the job's own repartition(n) that cut the stage's input, -1 without one
 * @param sqlPlan whether the stage runs a SQL plan (else it is RDD code, a library's or the job's)
 * @param maxPartitionBytesSetByJob whether the job sets spark.sql.files.maxPartitionBytes itself (a GPU job's large
 *        batches, say): the proposal names it and changes it for this read only
 * @param jobWide whether the proposed setting goes into the job's cluster: the stage holds at least
 *        general.jobWideShare of the bytes the setting governs in the run (every file scan's for a split, every
 *        setting-sized shuffle's for shuffle partitions), and the job does not set it itself; else it is set for the
 *        stage's query only
 * @param proposal the kind of problem the proposal answers
 * @param readsShuffle whether the stage reads shuffle data
 * @param splits Spark's split settings of the run
 * @param appDurationMs the run's duration
 * @param sources the inputs the run's plans read whose own options a remedy names (Kafka's minPartitions, JDBC's
 *        numPartitions)
 * @param data what the stage splits and where its count came from
 */
public record PartitionSizingEvidence(int stageId, int tasks, int slots, long stageWallMs, long taskSpanMs,
        long medianTaskMs, double idleSlotShare, long inputBytes, long inputFiles, long bytesPerTask, long maxPartitionBytes,
        long proposedMaxPartitionBytes, int coalescePartitions, long proposedPartitions, long predictedTasks, long workMs,
        double maxToMedian, int repartitionInCode, boolean sqlPlan, boolean maxPartitionBytesSetByJob, boolean jobWide,
        @Internal PartitionSizingKind proposal, @Internal boolean readsShuffle, @Internal FileSplits splits,
        @Internal long appDurationMs, @Internal InputSources sources, @Internal StagePartitions data) implements Evidence {
    private static final String MAX_PARTITION_BYTES = "spark.sql.files.maxPartitionBytes";

    public static List<PartitionSizingEvidence> of(RunView run, Thresholds t) {
        return run.finalStages().stream().filter(s -> s.successfulTasks() >= 1).flatMap(s -> of(run, s, t)).toList();
    }

    private static Stream<PartitionSizingEvidence> of(RunView run, StageFacts stage, Thresholds t) {
        var duration = stage.metric(TaskMetric.DURATION);
        int slots = run.slots();
        long span = span(stage.wallMs(), Math.max(stage.numTasks(), stage.successfulTasks()), slots, duration.max(), duration.p50());
        var scan = ScanRead.in(run, stage).map(ScanRead::scan);
        long inputBytes = scan.map(s -> s.bytesRead()).orElse(stage.sum(TaskMetric.INPUT_BYTES));
        long inputFiles = scan.map(s -> s.filesRead()).orElse(0L);
        long shuffleBytes = stage.sum(TaskMetric.SHUFFLE_READ_BYTES);
        int coalesce = coalesceInto(run, stage).orElse(-1);
        FileSplits splits = FileSplits.of(run.facts().properties(), slots);
        StagePartitions data = StagePartitions.of(run, stage, inputBytes);
        boolean setByJob = run.sparkSetting(MAX_PARTITION_BYTES).isPresent();
        return Stream.of(PartitionSizingKind.values()).map(kind -> {
            // A split re-cuts every file scan of the job, shuffle partitions every shuffle Spark sizes.
            boolean splitting = inputFiles > 0 && (kind == PartitionSizingKind.TOO_FEW_TASKS || shuffleBytes == 0);
            boolean jobWide = splitting ? !setByJob && JobWide.benefits(inputBytes, JobWide.scanBytes(run), t)
                    : JobWide.benefits(shuffleBytes, JobWide.settingShuffleBytes(run), t);
            return of(stage.stageId(), slots, stage.wallMs(), span, duration.p50(), inputBytes, inputFiles, shuffleBytes > 0,
                    coalesce, splits, run.appDurationMs(), kind, data, setByJob, jobWide, t).withSources(InputSources.of(run));
        });
    }

    /** The evidence of one stage with the proposal for {@code proposal} computed from the thresholds. */
    static PartitionSizingEvidence of(int stageId, int slots, long stageWallMs, long spanMs, long medianTaskMs,
            long inputBytes, long inputFiles, boolean readsShuffle, int coalescePartitions, FileSplits splits,
            long appDurationMs, PartitionSizingKind proposal, StagePartitions data, boolean setByJob, boolean jobWide,
            Thresholds t) {
        int tasks = data.tasks();
        long split;
        long partitions;
        long predicted;
        if (proposal == PartitionSizingKind.TOO_FEW_TASKS) {
            long ceiling = (long) Math.ceil(t.get(PartitionSizingRule.TARGET_TASKS_PER_SLOT) * slots);
            split = splitFor(inputBytes, inputFiles, slots, splits, t.get(PartitionSizingRule.TARGET_TASKS_PER_SLOT),
                    t.getLong(PartitionSizingRule.MIN_SPLIT_BYTES), t.getLong(PartitionSizingRule.SPLIT_ROUNDING_BYTES));
            long bySplit = split > 0 ? predictedTasks(splits, inputFiles, inputBytes, split) : 0;
            if (bySplit > tasks) {
                partitions = bySplit;
                predicted = bySplit;
            } else {
                split = 0;
                partitions = data.justified(ceiling, t);
                predicted = Math.max(tasks, partitions);
            }
        } else {
            double shrink = t.get(PartitionSizingRule.SHRINK_FACTOR);
            partitions = (long) Math.ceil(tasks / shrink);
            split = inputFiles > 0 ? Long.highestOneBit((long) (splits.maxPartitionBytes() * shrink)) : 0;
            predicted = inputFiles > 0 ? predictedTasks(splits, inputFiles, inputBytes, split) : partitions;
        }
        return new PartitionSizingEvidence(stageId, tasks, slots, stageWallMs, spanMs, medianTaskMs,
                lastWaveIdleShare(tasks, slots), inputBytes, inputFiles, inputBytes / Math.max(1, tasks),
                splits.maxPartitionBytes(), split, coalescePartitions, partitions, predicted, data.workMs(), data.maxToMedian(),
                data.countByCode(), data.sqlPlan(), setByJob, jobWide, proposal, readsShuffle, splits, appDurationMs,
                InputSources.NONE, data);
    }

    PartitionSizingEvidence withSources(InputSources read) {
        return new PartitionSizingEvidence(stageId, tasks, slots, stageWallMs, taskSpanMs, medianTaskMs, idleSlotShare, inputBytes,
                inputFiles, bytesPerTask, maxPartitionBytes, proposedMaxPartitionBytes, coalescePartitions, proposedPartitions,
                predictedTasks, workMs, maxToMedian, repartitionInCode, sqlPlan, maxPartitionBytesSetByJob, jobWide, proposal,
                readsShuffle, splits, appDurationMs, read, data);
    }

    /**
     * How long the stage's own tasks keep it running: its longest task, or as many waves of the
     * median task as the tasks need on the slots, whichever is longer; never more than the stage's
     * wall time. The wall time alone overstates it when the stage waited for slots another stage held.
     */
    static long span(long wallMs, int tasks, int slots, long maxTaskMs, long medianTaskMs) {
        long waves = (tasks + slots - 1) / Math.max(1, slots);
        return Math.max(1, Math.min(wallMs, Math.max(maxTaskMs, waves * medianTaskMs)));
    }

    /**
     * The share of the slots' time a stage's waves leave unused when its tasks are of equal length:
     * 3 tasks on 2 slots run in 2 waves of 2 slots and use 3 of the 4 slot-waves. Counted from the
     * task and slot numbers rather than measured, so that uneven tasks (skew's business) and a busy
     * machine do not move it.
     */
    static double lastWaveIdleShare(int tasks, int slots) {
        long waves = (tasks + slots - 1) / Math.max(1, slots);
        return 1 - (double) tasks / Math.max(1, waves * slots);
    }

    /** The partition count of a Coalesce whose input ran in this stage: coalesce(n) merges the stage's tasks into n. */
    private static OptionalInt coalesceInto(RunView run, StageFacts stage) {
        return run.sqlOf(stage).map(sql -> sql.nodes().stream()
                .filter(n -> n.stageIds().contains(stage.stageId()))
                .flatMap(n -> sql.ancestors(n.id()).stream())
                .filter(n -> n.sparkTwin().equals("Coalesce"))
                .map(PartitionSizingEvidence::partitions).flatMap(Optional::stream).mapToInt(Integer::intValue).findFirst())
                .orElse(OptionalInt.empty());
    }

    /** {@code Coalesce 8}: the partition count; empty for a plan string of another shape. */
    private static Optional<Integer> partitions(PlanNode coalesce) {
        String[] words = coalesce.simpleString().trim().split("\\s+");
        return SparkProperties.parseInteger(words[words.length - 1]);
    }

    /**
     * The split that gives about {@code targetTasksPerSlot} tasks per slot, rounded down to a power
     * of two times {@code roundingBytes} (32 MB, 64 MB, ... for 1 MB) and not below {@code minSplitBytes};
     * 0 when the stage reads no files or the split in force is already that small.
     */
    static long splitFor(long inputBytes, long inputFiles, int slots, FileSplits splits, double targetTasksPerSlot,
            long minSplitBytes, long roundingBytes) {
        if (inputFiles <= 0) {
            return 0;
        }
        long perTask = (long) (inputBytes / (targetTasksPerSlot * slots));
        long units = Long.highestOneBit(Math.max(1, perTask / roundingBytes));
        long proposed = Math.max(minSplitBytes, units * roundingBytes);
        return proposed < splits.maxPartitionBytes() ? proposed : 0;
    }

    /** Tasks Spark would create for this input with the given maxPartitionBytes. */
    private static long predictedTasks(FileSplits splits, long inputFiles, long inputBytes, long maxPartitionBytes) {
        return splits.withMaxPartitionBytes(maxPartitionBytes).tasks(inputFiles, inputBytes);
    }

    public boolean readsFiles() {
        return inputFiles > 0;
    }

    /**
     * Wall time the proposal saves: the stage's work spread over the predicted tasks instead of its own, never more than
     * the slot time its last wave left idle.
     */
    public long savedMs() {
        long spread = Math.max(0, data.workSpanMs() - data.workSpanAt(predictedTasks, slots));
        return Math.min((long) (taskSpanMs * idleSlotShare), spread);
    }

    /** Slot time (milliseconds) the proposal gives back: the wall time it saves, on every slot. */
    public double idleSlotMs() {
        return (double) savedMs() * slots;
    }

    /** The share of the run's wall time the stage's tasks kept it running; the DRL reads it for severity. */
    public double shareOfApp() {
        return (double) taskSpanMs / Math.max(1, appDurationMs);
    }

    @Override
    public List<Integer> stageIds() {
        return List.of(stageId);
    }
}
