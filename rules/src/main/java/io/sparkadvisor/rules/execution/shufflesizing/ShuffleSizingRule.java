package io.sparkadvisor.rules.execution.shufflesizing;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_SQL_TUNING;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.dataaccess.partitionsizing.PartitionSizingRule;
import io.sparkadvisor.rules.execution.spill.SpillRule;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * shuffle-sizing: a stage reads a shuffle cut into partitions far from 128-256 MB each; decided in
 * shuffle-sizing.drl, advised by {@link ShuffleSizingAdvice}. It shares partition-sizing's model of a tiny
 * task (its median bound and the share of it that is overhead) and spill's disk throughput, so that the
 * rules estimate the same waste the same way. Severity is the run's share of the saving.
 */
public final class ShuffleSizingRule {
    public static final String ID = "shuffle-sizing";
    private static final long MIB = 1L << 20;

    public static final Threshold TARGET_PARTITION_BYTES = new Threshold(ID + ".targetPartitionBytes", 128 * MIB, MIB,
            1L << 40, "bytes per shuffle partition",
            "The partition size the proposed spark.sql.shuffle.partitions aims at: the shuffle's bytes divided by this.",
            SPARK_SQL_TUNING + " (spark.sql.files.maxPartitionBytes = 128 MB, the size Spark itself cuts input into);"
                    + " the low end of the 128-256 MB per partition Databricks' shuffle tuning aims at:"
                    + " https://docs.databricks.com/en/optimizations/aqe.html");
    public static final Threshold MIN_PARTITION_BYTES = new Threshold(ID + ".minPartitionBytes", 16 * MIB, 0, 1L << 40,
            "bytes per shuffle partition",
            "Partitions smaller than this on average are too small: the stage pays a task per few MB.",
            OURS + "an eighth of the 128 MB target; AQE's own advisory size is 64 MB (" + SPARK_SQL_TUNING + ")");
    public static final Threshold MAX_PARTITION_BYTES = new Threshold(ID + ".maxPartitionBytes", 1024 * MIB, MIB, 1L << 50,
            "bytes per shuffle partition",
            "Partitions larger than this on average are too large: their tasks sort and aggregate through disk.",
            OURS + "four times the 256 MB top of the band; a task's execution memory on common nodes (a few GB per"
                    + " core, 60% of it shared with storage) holds well under that");
    public static final Threshold MIN_SHRINK_FACTOR = new Threshold(ID + ".minShrinkFactor", 4, 1, 1_000,
            "x fewer partitions",
            "Too-small partitions count only when the proposed count is at least this many times fewer.",
            OURS + "a smaller cut is within what the next run's data volume moves anyway");

    public static final Rule<ShuffleSizingEvidence> RULE = new Rule<>(ID, Layer.EXECUTION, ShuffleSizingEvidence.class,
            ShuffleSizingEvidence::of, ShuffleSizingAdvice::remedy,
            List.of(TARGET_PARTITION_BYTES, MIN_PARTITION_BYTES, MAX_PARTITION_BYTES, MIN_SHRINK_FACTOR,
                    PartitionSizingRule.SMALL_TASK_MS, PartitionSizingRule.TINY_TASK_OVERHEAD_SHARE,
                    SpillRule.DISK_BYTES_PER_SECOND, JobWide.SHARE),
            List.of(), FindingChart.NONE);

    private ShuffleSizingRule() {}
}
