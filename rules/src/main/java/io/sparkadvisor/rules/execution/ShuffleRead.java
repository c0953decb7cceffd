package io.sparkadvisor.rules.execution;

import io.sparkadvisor.knowledge.facts.Distribution;
import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.List;
import java.util.OptionalInt;

/**
 * A stage that reads a shuffle, seen as its reduce partitions: one successful task per partition,
 * so the task count is the partition count and a task's shuffle read is its partition's size.
 * Shared by the rules that judge how a shuffle is cut (shuffle-sizing, aqe-disabled).
 *
 * @param stageId the stage
 * @param partitions successful tasks, one per reduce partition
 * @param bytes shuffle bytes the stage read
 * @param medianPartitionBytes the median task's shuffle read
 * @param maxPartitionBytes the largest task's shuffle read
 * @param medianTaskMs the median task's duration
 * @param maxTaskMs the longest task's duration
 * @param wallMs the stage's wall time
 * @param spilledBytes memory the stage's tasks spilled
 * @param diskSpilledBytes the same spill as written to disk
 * @param countByCode the partition count the job's code gave the shuffle ({@link #countByCode(RunView, StageFacts)}), -1 when
 *        Spark's settings made it
 */
public record ShuffleRead(int stageId, int partitions, long bytes, long medianPartitionBytes, long maxPartitionBytes,
        long medianTaskMs, long maxTaskMs, long wallMs, long spilledBytes, long diskSpilledBytes, int countByCode) {
    /** The shuffle origin Spark prints on an Exchange that a repartition(n) in the code (or a REPARTITION(n) hint) made. */
    private static final String REPARTITION_BY_NUM = "REPARTITION_BY_NUM";
    /** Spark's defaults for AQE's coalescing (spark.sql.adaptive.*), used when the run does not set them. */
    public static final long DEFAULT_ADVISORY_BYTES = 64L << 20;
    public static final long DEFAULT_MIN_PARTITION_BYTES = 1L << 20;

    public static List<ShuffleRead> of(RunView run) {
        return run.finalStages().stream().filter(s -> s.successfulTasks() > 0 && s.sum(TaskMetric.SHUFFLE_READ_BYTES) > 0)
                .map(s -> of(s, countByCode(run, s).orElse(-1))).toList();
    }

    /**
     * The n of a repartition(n) in the job's code that cut the shuffle the stage reads into its tasks: an Exchange of
     * origin REPARTITION_BY_NUM into the stage with as many partitions as the stage ran tasks. Neither
     * spark.sql.shuffle.partitions nor AQE's coalescing changes such a count; only the code does.
     */
    public static OptionalInt countByCode(RunView run, StageFacts stage) {
        List<PlanNode> nodes = run.sqlOf(stage).map(sql -> sql.nodes()).orElse(List.of());
        return run.exchangesInto(stage).stream().filter(x -> x.numPartitions() == stage.successfulTasks())
                .filter(x -> nodes.stream().anyMatch(n -> n.id() == x.nodeId() && n.simpleString().contains(REPARTITION_BY_NUM)))
                .mapToInt(ExchangeFacts::numPartitions).findFirst();
    }

    private static ShuffleRead of(StageFacts s, int countByCode) {
        Distribution read = s.metric(TaskMetric.SHUFFLE_READ_BYTES);
        Distribution duration = s.metric(TaskMetric.DURATION);
        return new ShuffleRead(s.stageId(), s.successfulTasks(), read.sum(), read.p50(), read.max(), duration.p50(),
                duration.max(), s.wallMs(), s.sum(TaskMetric.MEMORY_BYTES_SPILLED), s.sum(TaskMetric.DISK_BYTES_SPILLED), countByCode);
    }

    public long bytesPerPartition() {
        return bytes / Math.max(1, partitions);
    }

    /**
     * The partitions AQE's coalescing would make of this shuffle (Spark 3.2+ ShufflePartitionsUtil): a
     * target size of the advisory size, but no larger than the bytes spread over {@code minPartitions}
     * (the default parallelism, as spark.sql.adaptive.coalescePartitions.parallelismFirst asks) and no
     * smaller than the minimum partition size; never more partitions than there are.
     */
    public int coalescedPartitions(long advisoryBytes, long minPartitionBytes, int minPartitions) {
        long target = Math.max(minPartitionBytes, Math.min(advisoryBytes, ceilDiv(bytes, Math.max(1, minPartitions))));
        return (int) Math.min(partitions, Math.max(1, ceilDiv(bytes, Math.max(1, target))));
    }

    /** The run's settings for AQE's coalescing, read as Spark reads them; the default parallelism is the run's slots. */
    public int coalescedPartitions(RunView run) {
        return coalescedPartitions(run.sparkBytes("spark.sql.adaptive.advisoryPartitionSizeInBytes", 1).orElse(DEFAULT_ADVISORY_BYTES),
                run.sparkBytes("spark.sql.adaptive.coalescePartitions.minPartitionSize", 1).orElse(DEFAULT_MIN_PARTITION_BYTES),
                run.sparkInteger("spark.sql.adaptive.coalescePartitions.minPartitionNum")
                        .or(() -> run.sparkInteger("spark.default.parallelism")).orElse(run.slots()));
    }

    /**
     * Task time that {@code fewer} partitions would not spend: each partition dropped is a median task
     * whose {@code overheadShare} is scheduling, start-up and shuffle-fetch set-up rather than work.
     */
    public long overheadSavedTaskMs(int fewer, double overheadShare) {
        return Math.round(Math.max(0, partitions - fewer) * medianTaskMs * overheadShare);
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
