package io.sparkadvisor.rules.execution.spill;

import io.sparkadvisor.knowledge.facts.Distribution;
import io.sparkadvisor.knowledge.facts.RecurringStage;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.platform.Compute;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.LongStream;

/**
 * Spill in one stage: memory spilled relative to the most data the stage moved (Dr. Elephant's
 * measure), how concentrated it is in one task, and what each task would need to stay in memory.
 * Only spill by Spark's memory manager counts: a stage whose tasks spilled without ever holding execution memory
 * (peak 0 B) spilled through something else, such as the RAPIDS plugin's host spill store, which more partitions or
 * heap do not govern. The partition count is bounded by the stage's own bytes ({@code spill.minPartitionBytes} per
 * partition) and by {@code spill.maxPartitions}.
 *
 * @param memorySpilledBytes bytes the stage's tasks spilled from memory
 * @param diskSpilledBytes the same spill as written to disk (serialized, compressed)
 * @param stageDataBytes the most data the stage moved: max of input, shuffle read, shuffle write, output
 * @param spillRatio memorySpilledBytes / stageDataBytes
 * @param topTaskShareOfSpill the share of the stage's spill held by the task that spilled the most
 * @param peakExecutionMemoryMaxBytes the largest execution-memory peak of one task: what a task was granted here
 * @param memoryNeededPerTaskBytes the average task's peak execution memory plus its spill: its spill-free working set
 * @param tasks successful tasks of the stage
 * @param recommendedPartitions partitions that shrink each task's working set to the granted memory, in whole waves of the
 *     run's slots, at most one per {@code spill.minPartitionBytes} of the stage's data and {@code spill.maxPartitions}
 * @param heapNearLimit the run's heap peaked at {@code memory.heapNearLimitShare} of its size: more memory per core is a remedy
 * @param stageWallMs the stage's wall time, submission to completion
 * @param stageId the stage
 * @param maxTaskSpillBytes memory spill of the task that spilled the most
 * @param peakExecutionMemorySumBytes execution-memory peaks summed over the stage's tasks
 * @param shuffleReadBytes shuffle bytes the stage read
 * @param inputBytes bytes the stage read from files
 * @param memoryFraction spark.memory.fraction of the run (Spark's default 0.6 when unset)
 * @param slots task slots of the run
 * @param appDurationMs the run's duration
 * @param compute what the run's compute lets a memory change be
 * @param ownSettings partition-size settings the job set itself (spark.sql.files.maxPartitionBytes,
 *     spark.sql.adaptive.advisoryPartitionSizeInBytes), by key: a step that would lower one names it instead
 * @param batches the micro-batches of a streaming query that ran the stage (this is its latest batch's); 1 for a stage
 *     of a batch run
 * @param batchesWithSpill in how many of them it spilled (1 for a batch run's stage)
 * @param spillBatchShare batchesWithSpill / batches: a streaming stage's spill counts only when it recurs in most
 *     batches (general.mostBatchesShare), not in one
 */
public record SpillEvidence(long memorySpilledBytes, long diskSpilledBytes, long stageDataBytes, double spillRatio,
        double topTaskShareOfSpill, long peakExecutionMemoryMaxBytes, long memoryNeededPerTaskBytes, int tasks,
        int recommendedPartitions, boolean heapNearLimit, long stageWallMs, @Internal int stageId,
        @Internal long maxTaskSpillBytes, @Internal long peakExecutionMemorySumBytes, @Internal long shuffleReadBytes,
        @Internal long inputBytes, @Internal double memoryFraction, @Internal int slots, @Internal long appDurationMs,
        @Internal Compute compute, @Internal Map<String, String> ownSettings, long batches, long batchesWithSpill,
        double spillBatchShare) implements Evidence {
    /** Spark's default share of the heap (after 300 MB reserved) for execution and storage. */
    public static final double DEFAULT_MEMORY_FRACTION = 0.6;
    /** The settings whose value sizes a partition, which the partitions step may lower. */
    static final List<String> PARTITION_SIZE_SETTINGS = List.of("spark.sql.files.maxPartitionBytes",
            "spark.sql.adaptive.advisoryPartitionSizeInBytes");

    public static List<SpillEvidence> of(RunView run, Thresholds t) {
        Map<String, String> own = new TreeMap<>();
        PARTITION_SIZE_SETTINGS.forEach(k -> run.sparkSetting(k).ifPresent(v -> own.put(k, v)));
        return run.finalStages().stream()
                .filter(s -> s.sum(TaskMetric.MEMORY_BYTES_SPILLED) > 0 && s.metric(TaskMetric.PEAK_EXECUTION_MEMORY).max() > 0)
                .map(s -> of(run, s, t).on(Compute.of(run), run.memory(t).heapNearLimit(t), own, run.recurring(s))).toList();
    }

    private static SpillEvidence of(RunView run, StageFacts s, Thresholds t) {
        Distribution spill = s.metric(TaskMetric.MEMORY_BYTES_SPILLED);
        Distribution peak = s.metric(TaskMetric.PEAK_EXECUTION_MEMORY);
        long data = LongStream.of(s.sum(TaskMetric.INPUT_BYTES), s.sum(TaskMetric.SHUFFLE_READ_BYTES),
                s.sum(TaskMetric.SHUFFLE_WRITE_BYTES), s.sum(TaskMetric.OUTPUT_BYTES)).max().orElse(0);
        return of(s.stageId(), s.successfulTasks(), s.wallMs(), spill.sum(), s.sum(TaskMetric.DISK_BYTES_SPILLED), data,
                spill.max(), peak.max(), peak.sum(), s.sum(TaskMetric.SHUFFLE_READ_BYTES), s.sum(TaskMetric.INPUT_BYTES),
                run.facts().properties().decimal("spark.memory.fraction").orElse(DEFAULT_MEMORY_FRACTION),
                run.slots(), run.appDurationMs(), t);
    }

    /**
     * This evidence on that compute, with what the run's memory view and the job's own settings say, and how often the
     * stage spilled across its streaming query's micro-batches when it is one's.
     */
    SpillEvidence on(Compute c, boolean nearLimit, Map<String, String> own, Optional<RecurringStage> across) {
        return new SpillEvidence(memorySpilledBytes, diskSpilledBytes, stageDataBytes, spillRatio, topTaskShareOfSpill,
                peakExecutionMemoryMaxBytes, memoryNeededPerTaskBytes, tasks, recommendedPartitions, nearLimit, stageWallMs,
                stageId, maxTaskSpillBytes, peakExecutionMemorySumBytes, shuffleReadBytes, inputBytes, memoryFraction, slots,
                appDurationMs, c, Map.copyOf(own), across.map(RecurringStage::batches).orElse(batches),
                across.map(RecurringStage::batchesWithSpill).orElse(batchesWithSpill),
                across.map(RecurringStage::spillShare).orElse(spillBatchShare));
    }

    /** The evidence of a stage from its measured numbers; the ratios and the partition count are computed here. */
    public static SpillEvidence of(int stageId, int tasks, long stageWallMs, long memorySpilledBytes, long diskSpilledBytes,
            long stageDataBytes, long maxTaskSpillBytes, long peakExecutionMemoryMaxBytes, long peakExecutionMemorySumBytes,
            long shuffleReadBytes, long inputBytes, double memoryFraction, int slots, long appDurationMs, Thresholds t) {
        long needed = (memorySpilledBytes + peakExecutionMemorySumBytes) / Math.max(1, tasks);
        return new SpillEvidence(memorySpilledBytes, diskSpilledBytes, stageDataBytes,
                (double) memorySpilledBytes / Math.max(1, stageDataBytes),
                (double) maxTaskSpillBytes / Math.max(1, memorySpilledBytes), peakExecutionMemoryMaxBytes, needed, tasks,
                partitions(tasks, needed, peakExecutionMemoryMaxBytes, stageDataBytes, slots, t), false, stageWallMs, stageId,
                maxTaskSpillBytes, peakExecutionMemorySumBytes, shuffleReadBytes, inputBytes, memoryFraction, slots,
                appDurationMs, Compute.selfManaged(1), Map.of(), 1, 1, 1.0);
    }

    /**
     * Partitions that shrink each task's working set to the execution memory a task was actually
     * granted here (the largest observed peak), rounded up to whole waves of the run's slots; never more than the
     * stage's data justifies at {@code spill.minPartitionBytes} a partition, nor than {@code spill.maxPartitions}.
     */
    private static int partitions(int tasks, long needed, long granted, long dataBytes, int slots, Thresholds t) {
        double factor = (double) needed / Math.max(1, granted);
        long wanted = (long) Math.ceil(Math.max(1, tasks) * Math.max(t.get(SpillRule.MIN_PARTITION_FACTOR), factor));
        long byBytes = Math.max(1, dataBytes / t.getLong(SpillRule.MIN_PARTITION_BYTES));
        return (int) Math.min(Math.min(t.getLong(SpillRule.MAX_PARTITIONS), byBytes), (wanted + slots - 1) / slots * slots);
    }

    /** Whether the stage's bytes allow more partitions than it ran: otherwise a split would go below the floor. */
    public boolean splits() {
        return recommendedPartitions > tasks;
    }

    /** Whether the run's spark.memory.fraction is below Spark's default: less of the heap was execution memory. */
    public boolean smallMemoryFraction() {
        return memoryFraction < DEFAULT_MEMORY_FRACTION;
    }

    @Override
    public List<Integer> stageIds() {
        return List.of(stageId);
    }

    /** Heap per core a node needs so that one task's working set fits its execution share without more partitions. */
    public long heapPerCoreBytes() {
        return (long) (memoryNeededPerTaskBytes / memoryFraction);
    }

    /** Where the stage's partitions come from decides the setting that changes their number. */
    public boolean readsShuffle() {
        return shuffleReadBytes > 0;
    }

    public boolean readsFiles() {
        return !readsShuffle() && inputBytes > 0;
    }
}
