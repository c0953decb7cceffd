package io.sparkadvisor.rules.queryplan.broadcastjoin;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_SQL_TUNING;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.execution.spill.SpillRule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * broadcast-join: a shuffled join whose small side could have been broadcast, or a broadcast too large to
 * hold everywhere; decided in broadcast-join.drl, advised by {@link BroadcastJoinAdvice}. Severity is the run's
 * share of the saving. It shares spill's disk throughput to price the sorts' spill a broadcast removes.
 */
public final class BroadcastJoinRule {
    public static final String ID = "broadcast-join";
    private static final long MIB = 1L << 20;
    private static final String DATABRICKS_AQE = "https://docs.databricks.com/en/optimizations/aqe.html";

    public static final Threshold MAX_BUILD_SIDE_BYTES = new Threshold(ID + ".maxBuildSideBytes", 30 * MIB, 0, 8L << 30,
            "bytes", "A shuffled join's smaller side counts as broadcastable up to this data size.",
            DATABRICKS_AQE + " (spark.databricks.adaptive.autoBroadcastJoinThreshold = 30 MB, the size Databricks' AQE"
                    + " turns a sort-merge join into a broadcast at; Spark's static default is 10 MB, " + SPARK_SQL_TUNING + ")");
    public static final Threshold MIN_OTHER_SIDE_BYTES = new Threshold(ID + ".minOtherSideBytes", 64 * MIB, 0, 1L << 50,
            "bytes", "The side a broadcast would no longer shuffle must hold at least this much before the join counts.",
            SPARK_SQL_TUNING + " (spark.sql.adaptive.advisoryPartitionSizeInBytes = 64 MB): a smaller shuffle is about one"
                    + " partition's worth");
    public static final Threshold MAX_BROADCAST_BYTES = new Threshold(ID + ".maxBroadcastBytes", 1024 * MIB, MIB, 8L << 30,
            "bytes", "A broadcast larger than this is too large: the driver collects it and every executor holds a copy.",
            OURS + "an eighth of Spark's hard 8 GB broadcast limit (BroadcastExchangeExec); a GB per executor crowds"
                    + " out execution memory on common nodes");
    public static final Threshold THRESHOLD_HEADROOM = new Threshold(ID + ".thresholdHeadroom", 2, 1, 100,
            "x the build side's data size",
            "The proposed spark.sql.autoBroadcastJoinThreshold is this many times the small side, so that its growth and"
                    + " the optimizer's estimate (which may exceed the measured size) stay under it.",
            OURS + "doubling absorbs a year of typical dimension growth and the estimate's usual overshoot");

    public static final Rule<BroadcastJoinEvidence> RULE = new Rule<>(ID, Layer.QUERY_PLAN, BroadcastJoinEvidence.class,
            BroadcastJoinEvidence::of, BroadcastJoinAdvice::remedy,
            List.of(MAX_BUILD_SIDE_BYTES, MIN_OTHER_SIDE_BYTES, MAX_BROADCAST_BYTES, THRESHOLD_HEADROOM,
                    SpillRule.DISK_BYTES_PER_SECOND), List.of(),
            FindingChart.NONE);

    private BroadcastJoinRule() {}
}
