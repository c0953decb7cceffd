package io.sparkadvisor.rules.thresholds;

import java.util.List;

/** Thresholds of the rules in the data-access layer: partition-sizing, small-files, broad-listing, overread. */
public final class DataAccessThresholds {
    private static final double MIB = 1L << 20;

    public static final String PS_MIN_TASKS_PER_SLOT = "partitionSizing.minTasksPerSlot";
    public static final String PS_TARGET_TASKS_PER_SLOT = "partitionSizing.targetTasksPerSlot";
    public static final String PS_MIN_IDLE_SHARE = "partitionSizing.minIdleShare";
    public static final String PS_HIGH_IDLE_SHARE = "partitionSizing.highIdleShare";
    public static final String PS_MIN_SPLIT_BYTES = "partitionSizing.minSplitBytes";
    public static final String PS_MANY_TASKS = "partitionSizing.manyTasks";
    public static final String PS_SMALL_TASK_MS = "partitionSizing.smallTaskMs";
    public static final String PS_SHRINK_FACTOR = "partitionSizing.shrinkFactor";
    public static final String SF_MAX_AVG_FILE_BYTES = "smallFiles.maxAvgFileBytes";
    public static final String SF_MIN_FILES = "smallFiles.minFiles";
    public static final String SF_MIN_SCAN_TASK_MS = "smallFiles.minScanTaskMs";
    public static final String SF_TARGET_FILE_BYTES = "smallFiles.targetFileBytes";
    public static final String BL_MIN_DISCOVERY_MS = "broadListing.minDiscoveryMs";
    public static final String BL_MIN_DISCOVERY_SHARE = "broadListing.minDiscoveryShare";
    public static final String BL_HIGH_DISCOVERY_SHARE = "broadListing.highDiscoveryShare";
    public static final String OR_MIN_SCAN_BYTES = "overread.minScanBytes";
    public static final String OR_MAX_KEPT_SHARE = "overread.maxKeptShare";

    static final List<Threshold> DECLARED = List.of(
            new Threshold(PS_MIN_TASKS_PER_SLOT, 2, 0, 1_000, "tasks per slot",
                    "A long stage with fewer tasks than this many per slot leaves slots idle in its last wave.",
                    "seed 004 (too few tasks to use the parallelism on offer) and seed 000 table (more slots than partitions)"),
            new Threshold(PS_TARGET_TASKS_PER_SLOT, 3, 1, 1_000, "tasks per slot",
                    "The task count a proposed spark.sql.files.maxPartitionBytes or repartition aims for.",
                    "seed 004 (32 MB splits multiply tasks to reach scale-out); NVIDIA AutoTuner x2 partitions (anchors §8)"),
            new Threshold(PS_MIN_IDLE_SHARE, 0.2, 0, 1, "fraction of the stage's slot time",
                    "Slots idle for less than this share of a stage are not worth re-splitting for.",
                    "3 tasks on 2 slots idle a quarter of the slot time (seed 000 slot arithmetic)"),
            new Threshold(PS_HIGH_IDLE_SHARE, 0.5, 0, 1, "fraction of the stage's slot time",
                    "Too few tasks is high severity when at least this share of the stage's slot time is idle (and the stage is a large part of the run).",
                    "DataFlint idleCoresTooHigh > 50% (anchors §1b)"),
            new Threshold(PS_MIN_SPLIT_BYTES, 16 * MIB, MIB, 1024 * MIB, "bytes",
                    "The smallest spark.sql.files.maxPartitionBytes the rule proposes.",
                    "4 x spark.sql.files.openCostInBytes (4 MB, anchors §8): smaller splits pay more to open than to read"),
            new Threshold(PS_MANY_TASKS, 5_000, 1, 10_000_000, "tasks",
                    "A stage with more tasks than this, each short, has too many partitions.",
                    "DataFlint smallTasks: > 5000 tasks (anchors §1b, §8)"),
            new Threshold(PS_SMALL_TASK_MS, 500, 0, 3_600_000, "milliseconds",
                    "The median task below which a stage with many tasks spends its time on scheduling.",
                    "DataFlint smallTasks: median < 500 ms (anchors §1b, §8)"),
            new Threshold(PS_SHRINK_FACTOR, 10, 2, 1_000, "x fewer tasks",
                    "How many times fewer partitions to propose for a stage of many tiny tasks.",
                    "DataFlint smallTasks suggestion: repartition(numTasks / 10) (anchors §1b)"),
            new Threshold(SF_MAX_AVG_FILE_BYTES, 3 * MIB, 1, 1024 * MIB, "bytes",
                    "Input files smaller than this on average are small files.",
                    "DataFlint readSmallFiles: avg < 3 MiB (anchors §1b, §8)"),
            new Threshold(SF_MIN_FILES, 100, 1, 100_000_000, "files",
                    "Fewer input files than this raise nothing, however small.",
                    "DataFlint readSmallFiles: files > 100 (anchors §1b, §8)"),
            new Threshold(SF_MIN_SCAN_TASK_MS, 5_000, 0, 86_400_000, "milliseconds of task time",
                    "The task time spent scanning the files must reach this before small files count.",
                    "anchors §6.2 (gate every ratio by an absolute floor; DataFlint gates on 5 s)"),
            new Threshold(SF_TARGET_FILE_BYTES, 128 * MIB, MIB, 16_384 * MIB, "bytes",
                    "The file size compaction aims for.",
                    "DataFlint small-file rewrite target 128 MiB; Spark's default split (anchors §8)"),
            new Threshold(BL_MIN_DISCOVERY_MS, 3_000, 0, 86_400_000, "milliseconds",
                    "Time spent finding the input (listing jobs, file-index metadata, driver planning) below this raises nothing.",
                    "seed 001 data-access case (executors idle while the driver finds the input): every slot waits, so"
                            + " 3 s on 2 slots already costs the 5 s floor of general.minStageWallMs (anchors §6.2)"),
            new Threshold(BL_MIN_DISCOVERY_SHARE, 0.25, 0, 1, "fraction of the query's time",
                    "Finding the input must take at least this share of finding plus reading it.",
                    "seed 001 data-access case (listing dominated a 1h38m job); general.highAppShare"),
            new Threshold(BL_HIGH_DISCOVERY_SHARE, 0.5, 0, 1, "fraction of the query's time",
                    "Broad listing is high severity when finding the input takes longer than reading it.",
                    "seed 001 data-access case (95% fewer S3 operations, runtime 1h38m to 34m)"),
            new Threshold(OR_MIN_SCAN_BYTES, 128 * MIB, 0, 1L << 50, "bytes",
                    "Scans smaller than this are never overreads: one default split. The floor is in bytes, not time: reading them is the cost.",
                    "spark.sql.files.maxPartitionBytes default 128 MB (anchors §8)"),
            new Threshold(OR_MAX_KEPT_SHARE, 0.01, 0, 1, "fraction of the rows scanned",
                    "A filter right after the scan that keeps at most this share of the rows means the scan read data the query throws away.",
                    "seed 001 query-plan case (~997 GB read for tens of thousands of rows); DataFlint shows rows-filtered % (anchors §1b)"));

    private DataAccessThresholds() {}
}
