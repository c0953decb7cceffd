package io.sparkadvisor.rules.execution;

import io.sparkadvisor.knowledge.facts.Distribution;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.List;
import java.util.stream.LongStream;

/**
 * Spill in one stage: memory spilled relative to the most data the stage moved (Dr. Elephant's
 * measure), how concentrated it is in one task, and what each task would need to stay in memory.
 *
 * <p>JSON evidence keys of the spill finding: {@code memorySpilledBytes}, {@code diskSpilledBytes},
 * {@code stageDataBytes} (max of input, shuffle read, shuffle write, output), {@code spillRatio},
 * {@code topTaskShareOfSpill}, {@code peakExecutionMemoryMaxBytes}, {@code memoryNeededPerTaskBytes},
 * {@code tasks}, {@code recommendedPartitions}, {@code stageWallMs}.
 */
public record SpillEvidence(int stageId, int tasks, long stageWallMs, long memorySpilledBytes, long diskSpilledBytes,
        long stageDataBytes, long maxTaskSpillBytes, long peakExecutionMemoryMaxBytes, long peakExecutionMemorySumBytes,
        long shuffleReadBytes, long inputBytes, double memoryFraction, int slots, long appDurationMs) {
    /** Spark's default share of the heap (after 300 MB reserved) for execution and storage. */
    private static final double DEFAULT_MEMORY_FRACTION = 0.6;

    public static List<SpillEvidence> of(RunView run) {
        return run.finalStages().stream().filter(s -> s.sum(TaskMetric.MEMORY_BYTES_SPILLED) > 0)
                .map(s -> of(run, s)).toList();
    }

    private static SpillEvidence of(RunView run, StageFacts s) {
        Distribution spill = s.metric(TaskMetric.MEMORY_BYTES_SPILLED);
        Distribution peak = s.metric(TaskMetric.PEAK_EXECUTION_MEMORY);
        long data = LongStream.of(s.sum(TaskMetric.INPUT_BYTES), s.sum(TaskMetric.SHUFFLE_READ_BYTES),
                s.sum(TaskMetric.SHUFFLE_WRITE_BYTES), s.sum(TaskMetric.OUTPUT_BYTES)).max().orElse(0);
        return new SpillEvidence(s.stageId(), s.successfulTasks(), s.wallMs(), spill.sum(),
                s.sum(TaskMetric.DISK_BYTES_SPILLED), data, spill.max(), peak.max(), peak.sum(),
                s.sum(TaskMetric.SHUFFLE_READ_BYTES), s.sum(TaskMetric.INPUT_BYTES),
                run.facts().properties().get("spark.memory.fraction").map(Double::parseDouble).orElse(DEFAULT_MEMORY_FRACTION),
                run.slots(), run.appDurationMs());
    }

    public double spillRatio() {
        return (double) memorySpilledBytes / Math.max(1, stageDataBytes);
    }

    public double topTaskShareOfSpill() {
        return (double) maxTaskSpillBytes / Math.max(1, memorySpilledBytes);
    }

    /** What the average task held at its peak plus what it had to spill: its spill-free working set. */
    public long memoryNeededPerTaskBytes() {
        return (memorySpilledBytes + peakExecutionMemorySumBytes) / Math.max(1, tasks);
    }

    /**
     * Partitions that shrink each task's working set to the execution memory a task was actually
     * granted here (the largest observed peak), rounded up to whole waves of the run's slots.
     */
    public int recommendedPartitions() {
        double factor = (double) memoryNeededPerTaskBytes() / Math.max(1, peakExecutionMemoryMaxBytes);
        long partitions = (long) Math.ceil(Math.max(1, tasks) * Math.max(2, factor));
        return (int) Math.min(100_000, (partitions + slots - 1) / slots * slots);
    }

    /** Heap per core a node needs so that one task's working set fits its execution share without more partitions. */
    public long heapPerCoreBytes() {
        return (long) (memoryNeededPerTaskBytes() / memoryFraction);
    }

    /** Where the stage's partitions come from decides the setting that changes their number. */
    public boolean readsShuffle() {
        return shuffleReadBytes > 0;
    }

    public boolean readsFiles() {
        return !readsShuffle() && inputBytes > 0;
    }
}
