package io.sparkadvisor.rules.thresholds;

import java.util.List;

/** Thresholds of the rules in the execution layer: skew, spill, GC pressure, task failures. */
public final class ExecutionThresholds {
    public static final String SKEW_MIN_MAX_TASK_MS = "skew.minMaxTaskMs";
    public static final String SKEW_MIN_RATIO = "skew.minRatio";
    public static final String SKEW_MIN_TASKS = "skew.minTasks";
    public static final String SKEW_HIGH_SHARE_OF_STAGE = "skew.highShareOfStage";
    public static final String SKEW_TARGET_PARTITION_BYTES = "skew.targetPartitionBytes";

    static final List<Threshold> DECLARED = List.of(
            new Threshold(SKEW_MIN_MAX_TASK_MS, 5_000, 0, 86_400_000, "milliseconds",
                    "The longest task must run at least this long before skew counts.",
                    "DataFlint partitionSkew: max task > 5000 ms (anchors §1b, §8)"),
            new Threshold(SKEW_MIN_RATIO, 5, 1, 1_000, "x the median task",
                    "The longest task must be at least this many times the median task.",
                    "Spark AQE spark.sql.adaptive.skewJoin.skewedPartitionFactor = 5 (anchors §4.6, §8)"),
            new Threshold(SKEW_MIN_TASKS, 4, 2, 1_000_000, "tasks",
                    "Stages with fewer successful tasks have no meaningful median.",
                    "spark-advisor default"),
            new Threshold(SKEW_HIGH_SHARE_OF_STAGE, 0.5, 0, 1, "fraction of the stage's wall time",
                    "Skew is high severity when waiting on the straggler takes at least this share of its stage.",
                    "Dr. Elephant tuning: max task > 0.75 x stage duration, relaxed to 0.5 (anchors §8)"),
            new Threshold(SKEW_TARGET_PARTITION_BYTES, 64L << 20, 1L << 20, 10L << 30, "bytes",
                    "The partition size salting aims for when it splits the hot key.",
                    "Spark AQE advisoryPartitionSizeInBytes = 64 MB (anchors §8)"));

    private ExecutionThresholds() {}
}
