package io.sparkadvisor.rules.dataaccess.partitionsizing;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_SMALL_TASKS;
import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_WASTED_CORES;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_SQL_TUNING;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_TUNING;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.execution.skew.SkewRule;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * partition-sizing: a stage cut into too few tasks for its slots, or into very many tiny ones (the
 * two {@link PartitionSizingKind}s); decided in partition-sizing.drl, advised by {@link PartitionSizingAdvice}. It
 * shares skew's bound of a straggler (a stage waiting on one long task is not cut too coarsely) and the bound on
 * job-wide settings.
 */
public final class PartitionSizingRule {
    public static final String ID = "partition-sizing";
    private static final long MIB = 1L << 20;

    public static final Threshold MIN_TASKS_PER_SLOT = new Threshold(ID + ".minTasksPerSlot", 2, 0, 1_000, "tasks per slot",
            "A long stage with fewer tasks than this many per slot leaves slots idle in its last wave.",
            SPARK_TUNING + " (Level of Parallelism: 2-3 tasks per CPU core), the low end")
            .deprecating("partitionSizing.minTasksPerSlot");
    public static final Threshold TARGET_TASKS_PER_SLOT = new Threshold(ID + ".targetTasksPerSlot", 3, 1, 1_000, "tasks per slot",
            "The task count a proposed spark.sql.files.maxPartitionBytes or repartition aims for.",
            SPARK_TUNING + " (Level of Parallelism: 2-3 tasks per CPU core), the high end")
            .deprecating("partitionSizing.targetTasksPerSlot");
    public static final Threshold MIN_IDLE_SHARE = new Threshold(ID + ".minIdleShare", 0.2, 0, 1, "fraction of the stage's slot time",
            "Slots idle for less than this share of a stage are not worth re-splitting for.",
            OURS + "3 tasks on 2 slots idle a quarter of the slot time, the smallest case worth a re-split; a fifth lets it through")
            .deprecating("partitionSizing.minIdleShare");
    public static final Threshold HIGH_IDLE_SHARE = new Threshold(ID + ".highIdleShare", 0.5, 0, 1, "fraction of the stage's slot time",
            "Too few tasks is high severity when at least this share of the stage's slot time is idle (and the stage is a large"
                    + " part of the run).",
            DATAFLINT_WASTED_CORES + " (WASTED_CORES_RATIO_THRESHOLD = 50%)")
            .deprecating("partitionSizing.highIdleShare");
    public static final Threshold MIN_SPLIT_BYTES = new Threshold(ID + ".minSplitBytes", 16 * MIB, MIB, 1024 * MIB, "bytes",
            "The smallest spark.sql.files.maxPartitionBytes the rule proposes.",
            OURS + "4 x spark.sql.files.openCostInBytes (4 MB, " + SPARK_SQL_TUNING + "): smaller splits pay more to open their"
                    + " files than to read them")
            .deprecating("partitionSizing.minSplitBytes");
    public static final Threshold SPLIT_ROUNDING_BYTES = new Threshold(ID + ".splitRoundingBytes", MIB, 1, 1024 * MIB, "bytes",
            "A proposed spark.sql.files.maxPartitionBytes is rounded down to a power of two times this size.",
            OURS + "powers of two of a megabyte (16 MB, 32 MB, 64 MB) are the split sizes people recognise, like Spark's 128 MB default ("
                    + SPARK_SQL_TUNING + ")");
    public static final Threshold MIN_PARTITION_BYTES = new Threshold(ID + ".minPartitionBytes", MIB, 1, 1024 * MIB, "bytes",
            "The least of a stage's bytes (input and shuffle read) each partition of a proposed count must hold: a stage of"
                    + " 4 KB gets no repartition(384), one file of 1 MB no more tasks.",
            SPARK_SQL_TUNING + " (spark.sql.adaptive.coalescePartitions.minPartitionSize = 1 MB: the smallest partition"
                    + " Spark's own coalescing leaves)");
    public static final Threshold MANY_TASKS = new Threshold(ID + ".manyTasks", 5_000, 1, 10_000_000, "tasks",
            "A stage with more tasks than this, each short, has too many partitions.",
            DATAFLINT_SMALL_TASKS + " (LARGE_TASKS_NUM_THRESHOLD = 5000)")
            .deprecating("partitionSizing.manyTasks");
    public static final Threshold SMALL_TASK_MS = new Threshold(ID + ".smallTaskMs", 500, 0, 3_600_000, "milliseconds",
            "The median task below which a stage with many tasks spends its time on scheduling.",
            DATAFLINT_SMALL_TASKS + " (MEDIAN_TASK_TIME_THRESHOLD_MS = 500)")
            .deprecating("partitionSizing.smallTaskMs");
    public static final Threshold SHRINK_FACTOR = new Threshold(ID + ".shrinkFactor", 10, 2, 1_000, "x fewer tasks",
            "How many times fewer partitions to propose for a stage of many tiny tasks.",
            DATAFLINT_SMALL_TASKS + " (TASKS_RECOMMENDED_DECREASE_RATIO = 10: repartition(numTasks / 10))")
            .deprecating("partitionSizing.shrinkFactor");
    public static final Threshold TINY_TASK_OVERHEAD_SHARE = new Threshold(ID + ".tinyTaskOverheadShare", 0.5, 0, 1,
            "fraction of a tiny task's time",
            "The share of each tiny task's time that is scheduling and start-up overhead, which fewer tasks would not pay"
                    + " (the saving estimated for too many tiny tasks).",
            OURS + "a task under the small-task median spends about as long being scheduled and started as working; "
                    + SPARK_TUNING + " puts efficient tasks at 200 ms and up");

    /** Too few tasks: high from this idle share up (and only when the stage is a large share of the run). */
    public static final Ladder TOO_FEW_SEVERITY = Ladder.mediumThenHigh(HIGH_IDLE_SHARE);
    /** Too many tiny tasks: always medium. */
    public static final Ladder TOO_MANY_SEVERITY = Ladder.medium();

    public static final Rule<PartitionSizingEvidence> RULE = new Rule<>(ID, Layer.DATA_ACCESS, PartitionSizingEvidence.class,
            PartitionSizingEvidence::of, PartitionSizingAdvice::remedy,
            List.of(MIN_TASKS_PER_SLOT, TARGET_TASKS_PER_SLOT, MIN_IDLE_SHARE, HIGH_IDLE_SHARE, MIN_SPLIT_BYTES,
                    SPLIT_ROUNDING_BYTES, MIN_PARTITION_BYTES, MANY_TASKS, SMALL_TASK_MS, SHRINK_FACTOR, TINY_TASK_OVERHEAD_SHARE,
                    SkewRule.MIN_RATIO, JobWide.SHARE),
            List.of(TOO_FEW_SEVERITY, TOO_MANY_SEVERITY), FindingChart.NONE);

    private PartitionSizingRule() {}
}
