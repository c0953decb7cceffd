package io.sparkadvisor.rules.execution.skew;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_METRICS;
import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_TUNING;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_SQL_TUNING;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/** skew: a few tasks of a shuffle stage far above the median; decided in skew.drl, advised by {@link SkewAdvice}. */
public final class SkewRule {
    public static final String ID = "skew";

    public static final Threshold MIN_MAX_TASK_MS = new Threshold(ID + ".minMaxTaskMs", 5_000, 0, 86_400_000, "milliseconds",
            "The longest task must run at least this long before skew counts.",
            DATAFLINT_METRICS + " (MAX_TASK_DURATION_THRESHOLD_MS = 5000)");
    public static final Threshold MIN_RATIO = new Threshold(ID + ".minRatio", 5, 1, 1_000, "x the median task",
            "The longest task must be at least this many times the median task.",
            SPARK_SQL_TUNING + " (spark.sql.adaptive.skewJoin.skewedPartitionFactor = 5)");
    public static final Threshold MIN_SHUFFLE_RATIO = new Threshold(ID + ".minShuffleRatio", 5, 1, 1_000_000,
            "x the median task's shuffle read",
            "The task that read the most shuffle data must hold at least this many times the median task's bytes or records:"
                    + " a stage whose data is even and whose one task ran long is a slow node or a pause, not a hot key.",
            SPARK_SQL_TUNING + " (AQE counts a partition as skewed above spark.sql.adaptive.skewJoin.skewedPartitionFactor = 5"
                    + " times the median partition size)");
    public static final Threshold MAX_RATIO_AFTER = new Threshold(ID + ".maxRatioAfter", 3, 1, 1_000, "x the median task",
            "After a skew step, the stage's longest task must take less than this many times its median (follow-up"
                    + " check): well under the firing ratio, so a step that only trims the straggler does not count as a fix.",
            OURS + "below the firing ratio (AQE's skewedPartitionFactor 5, " + SPARK_SQL_TUNING + ")");
    public static final Threshold MIN_TASKS = new Threshold(ID + ".minTasks", 4, 2, 1_000_000, "tasks",
            "Stages with fewer successful tasks have no meaningful median.", OURS + "a median of fewer than four tasks is one of them");
    public static final Threshold HIGH_SHARE_OF_STAGE = new Threshold(ID + ".highShareOfStage", 0.5, 0, 1,
            "fraction of the stage's wall time",
            "Skew is high severity when waiting on the straggler takes at least this share of its stage.",
            DR_ELEPHANT_TUNING + " (max task > 0.75 x stage duration), relaxed to a half");
    public static final Threshold TARGET_PARTITION_BYTES = new Threshold(ID + ".targetPartitionBytes", 64L << 20, 1L << 20,
            10L << 30, "bytes", "The partition size salting aims for when it splits the hot key, and the highest"
                    + " spark.sql.adaptive.advisoryPartitionSizeInBytes the AQE step proposes (AQE splits a skewed partition into"
                    + " pieces of the advisory size).",
            SPARK_SQL_TUNING + " (spark.sql.adaptive.advisoryPartitionSizeInBytes = 64 MB)");
    public static final Threshold MAX_SALT_BUCKETS = new Threshold(ID + ".maxSaltBuckets", 64, 2, 4096, "buckets",
            "Salting never splits the hot key into more buckets than this: the small side is copied once per bucket.",
            OURS + "64 copies of the small side keep the broadcast or shuffle of it cheap next to the skewed side");
    public static final Threshold MIN_AQE_FACTOR = new Threshold(ID + ".minAqeFactor", 2, 1, 100, "x the median partition",
            "The lowest skewedPartitionFactor the AQE step proposes.",
            OURS + "below twice the median AQE would split ordinary partitions");
    public static final Threshold MAX_AQE_FACTOR = new Threshold(ID + ".maxAqeFactor", 5, 1, 100, "x the median partition",
            "The highest skewedPartitionFactor the AQE step proposes (half the stage's ratio, clamped to this range).",
            SPARK_SQL_TUNING + " (the default skewedPartitionFactor, 5)");
    public static final Threshold MIN_AQE_THRESHOLD_BYTES = new Threshold(ID + ".minAqeThresholdBytes", 1L << 20, 0, 1L << 40,
            "bytes", "The lowest skewedPartitionThresholdInBytes the AQE step proposes.",
            SPARK_SQL_TUNING + " (AQE's minimum partition size, spark.sql.adaptive.coalescePartitions.minPartitionSize = 1 MB)");

    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_SHARE_OF_STAGE);

    public static final Rule<SkewEvidence> RULE = new Rule<>(ID, Layer.EXECUTION, SkewEvidence.class, SkewEvidence::of,
            SkewAdvice::remedy, List.of(MIN_MAX_TASK_MS, MIN_RATIO, MIN_SHUFFLE_RATIO, MAX_RATIO_AFTER, MIN_TASKS, HIGH_SHARE_OF_STAGE,
                    TARGET_PARTITION_BYTES, MAX_SALT_BUCKETS, MIN_AQE_FACTOR, MAX_AQE_FACTOR, MIN_AQE_THRESHOLD_BYTES, JobWide.SHARE),
            List.of(SEVERITY), FindingChart.TASK_DURATIONS);

    private SkewRule() {}
}
