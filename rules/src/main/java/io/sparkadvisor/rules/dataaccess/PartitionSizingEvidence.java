package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.List;
import java.util.OptionalInt;

/**
 * How one stage's work was cut into tasks against the slots the run had. The rule fires on too few
 * tasks (slots idle while a few long tasks run) or on very many tiny tasks.
 *
 * <p>Evidence keys in the finding (stable): {@code stageId}, {@code tasks}, {@code slots},
 * {@code stageWallMs}, {@code taskSpanMs} (how long its own tasks kept the stage running, see
 * {@link #span}), {@code medianTaskMs}, {@code idleSlotShare} (share of the slot time the stage's last
 * wave leaves unused, see {@link #lastWaveIdleShare}), {@code inputBytes}, {@code inputFiles}, {@code bytesPerTask},
 * {@code maxPartitionBytes} (in force), {@code proposedMaxPartitionBytes} (0 when the stage reads
 * no files or a smaller split would not help), {@code coalescePartitions} (-1 without a coalesce),
 * {@code proposedPartitions}, {@code predictedTasks}.
 */
public record PartitionSizingEvidence(int stageId, int tasks, int slots, long stageWallMs, long spanMs,
        long medianTaskMs, double idleSlotShare, long inputBytes, long inputFiles, boolean readsShuffle,
        int coalescePartitions, FileSplits splits, long appDurationMs) {

    public static List<PartitionSizingEvidence> of(RunView run) {
        return run.finalStages().stream().filter(s -> s.successfulTasks() >= 1).map(s -> of(run, s)).toList();
    }

    private static PartitionSizingEvidence of(RunView run, StageFacts stage) {
        var duration = stage.metric(TaskMetric.DURATION);
        int slots = run.slots();
        long span = span(stage.wallMs(), stage.successfulTasks(), slots, duration.max(), duration.p50());
        var scan = ScanRead.in(run, stage).map(ScanRead::scan);
        return new PartitionSizingEvidence(stage.stageId(), stage.successfulTasks(), slots, stage.wallMs(), span,
                duration.p50(), lastWaveIdleShare(stage.successfulTasks(), slots),
                scan.map(s -> s.bytesRead()).orElse(stage.sum(TaskMetric.INPUT_BYTES)),
                scan.map(s -> s.filesRead()).orElse(0L), stage.sum(TaskMetric.SHUFFLE_READ_BYTES) > 0,
                coalesceInto(run, stage).orElse(-1), FileSplits.of(run.facts().properties(), slots), run.appDurationMs());
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
                .filter(n -> n.name().equals("Coalesce"))
                .mapToInt(PartitionSizingEvidence::partitions).findFirst()).orElse(OptionalInt.empty());
    }

    private static int partitions(PlanNode coalesce) {
        String[] words = coalesce.simpleString().trim().split("\\s+");
        return Integer.parseInt(words[words.length - 1]);
    }

    public long bytesPerTask() {
        return inputBytes / Math.max(1, tasks);
    }

    public boolean readsFiles() {
        return inputFiles > 0;
    }

    /**
     * The split that gives about {@code targetTasksPerSlot} tasks per slot, rounded down to a power
     * of two in MB (32 MB, 64 MB, ...) and not below {@code minSplitBytes}; 0 when the stage reads
     * no files or the split in force is already that small.
     */
    public long proposedMaxPartitionBytes(double targetTasksPerSlot, long minSplitBytes) {
        if (!readsFiles()) {
            return 0;
        }
        long perTask = (long) (inputBytes / (targetTasksPerSlot * slots));
        long mb = Long.highestOneBit(Math.max(1, perTask / FileSplits.MB));
        long proposed = Math.max(minSplitBytes, mb * FileSplits.MB);
        return proposed < splits.maxPartitionBytes() ? proposed : 0;
    }

    /** Tasks Spark would create for this input with the given maxPartitionBytes. */
    public long predictedTasks(long maxPartitionBytes) {
        return splits.withMaxPartitionBytes(maxPartitionBytes).tasks(inputFiles, inputBytes);
    }

    /** Wall time the stage would save if no slot sat out a wave. */
    public long savedMs() {
        return (long) (spanMs * idleSlotShare);
    }

    public double idleCoreHours() {
        return idleSlotShare * spanMs * slots / 3_600_000;
    }

    /** The share of the run's wall time the stage's tasks kept it running; the rule reads it for severity. */
    public double shareOfApp() {
        return (double) spanMs / Math.max(1, appDurationMs);
    }
}
