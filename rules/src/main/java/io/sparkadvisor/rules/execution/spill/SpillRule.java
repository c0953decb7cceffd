package io.sparkadvisor.rules.execution.spill;

import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_TUNING;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_SQL_TUNING;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.platform.RunMemory;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/** spill: a stage's tasks sort and aggregate through disk; decided in spill.drl, advised by {@link SpillAdvice}. */
public final class SpillRule {
    public static final String ID = "spill";

    public static final Threshold MIN_BYTES = new Threshold(ID + ".minBytes", 64L << 20, 0, 1L << 50, "bytes spilled from memory",
            "A stage must spill at least this much before its spill ratio counts.",
            SPARK_SQL_TUNING + " (spark.sql.adaptive.advisoryPartitionSizeInBytes = 64 MB): less spill than one target"
                    + " partition is noise");
    public static final Threshold LOW_RATIO = new Threshold(ID + ".lowRatio", 0.01, 0, 100,
            "spilled bytes / max(input, shuffle read, shuffle write, output)",
            "Spill is low severity from this ratio of memory spill to the stage's data.",
            DR_ELEPHANT_TUNING + " (DEFAULT_EXECUTION_MEMORY_SPILL_THRESHOLDS, low = 0.01)");
    public static final Threshold MEDIUM_RATIO = new Threshold(ID + ".mediumRatio", 0.1, 0, 100, "spilled bytes / stage data",
            "Spill is medium severity from this ratio.",
            DR_ELEPHANT_TUNING + " (DEFAULT_EXECUTION_MEMORY_SPILL_THRESHOLDS, moderate = 0.1)");
    public static final Threshold HIGH_RATIO = new Threshold(ID + ".highRatio", 0.25, 0, 100, "spilled bytes / stage data",
            "Spill is high severity from this ratio (Dr. Elephant's severe and critical rungs).",
            DR_ELEPHANT_TUNING + " (DEFAULT_EXECUTION_MEMORY_SPILL_THRESHOLDS, severe = 0.25)");
    public static final Threshold MAX_TOP_TASK_SHARE = new Threshold(ID + ".maxTopTaskShare", 0.5, 0, 1,
            "fraction of the stage's spill",
            "When one task holds more than this share of its stage's spill, the spill follows a hot key and is not this"
                    + " rule's: more partitions would not split the key.",
            OURS + "more than half of the spill in one task is one partition's problem, not the stage's memory per task");
    public static final Threshold DISK_BYTES_PER_SECOND = new Threshold(ID + ".diskBytesPerSecond", 100L << 20, 1L << 20,
            100L << 30, "bytes per second per task",
            "Throughput of a task writing spill to local disk and reading it back, used only to estimate the saving.",
            OURS + "a conservative share of a local SSD's few hundred MB/s, shared by the node's tasks");
    public static final Threshold MAX_REMAINING_SHARE = new Threshold(ID + ".maxRemainingShare", 0.1, 0, 1,
            "x the baseline's spilled bytes",
            "After more partitions the stage must spill at most this share of what it spilled before (follow-up check).",
            OURS + "the partition count is sized for the working set to fit, so spill should fall by an order of"
                    + " magnitude, not by noise; the step's check says 'less than a tenth'");
    public static final Threshold MIN_PARTITION_FACTOR = new Threshold(ID + ".minPartitionFactor", 2, 1, 1_000,
            "x the stage's tasks",
            "The partitions step proposes at least this many times the stage's tasks, even when the working set is"
                    + " less than twice the memory a task got.",
            OURS + "a smaller step than doubling is within run-to-run variation of the data");
    public static final Threshold MAX_PARTITIONS = new Threshold(ID + ".maxPartitions", 10_000, 1, 10_000_000, "partitions",
            "The partitions step never proposes more partitions than this.",
            OURS + "a shuffle's map statuses grow with maps x partitions and Spark approximates them above 2,000 partitions"
                    + " (spark.shuffle.minNumPartitionsToHighlyCompress); past 10,000 the driver's scheduling and tracking"
                    + " cost more than the spill they avoid");
    public static final Threshold MIN_PARTITION_BYTES = new Threshold(ID + ".minPartitionBytes", 8L << 20, 1, 1L << 40, "bytes",
            "The partitions step proposes at most one partition per this many bytes of the stage's data, and no partition"
                    + " size (advisory or max partition bytes) below it: with less to read, a stage is not split further.",
            OURS + "an eighth of AQE's 64 MB advisory partition size (" + SPARK_SQL_TUNING + "): a task with less data spends"
                    + " more of its time starting, fetching a block from every map and opening files than spill costs it");

    public static final Ladder SEVERITY = Ladder.rising(LOW_RATIO, MEDIUM_RATIO, HIGH_RATIO);

    public static final Rule<SpillEvidence> RULE = new Rule<>(ID, Layer.EXECUTION, SpillEvidence.class, SpillEvidence::of,
            SpillAdvice::remedy, List.of(MIN_BYTES, LOW_RATIO, MEDIUM_RATIO, HIGH_RATIO, MAX_TOP_TASK_SHARE,
                    DISK_BYTES_PER_SECOND, MAX_REMAINING_SHARE, MIN_PARTITION_FACTOR, MAX_PARTITIONS, MIN_PARTITION_BYTES,
                    RunMemory.HEAP_NEAR_LIMIT),
            List.of(SEVERITY), FindingChart.NONE);

    private SpillRule() {}
}
