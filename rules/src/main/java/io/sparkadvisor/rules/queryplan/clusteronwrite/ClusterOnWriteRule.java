package io.sparkadvisor.rules.queryplan.clusteronwrite;

import static io.sparkadvisor.rules.thresholds.Sources.SPARK_SQL_TUNING;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * cluster-on-write: a shuffle and sort that exist only to cluster the written files; decided in
 * cluster-on-write.drl, advised by {@link ClusterOnWriteAdvice}. Severity is the run's share alone
 * (high when the attributed wall time is a large share of the run), so the rule has no ladder of its own.
 */
public final class ClusterOnWriteRule {
    public static final String ID = "cluster-on-write";

    public static final Threshold MIN_SHUFFLE_BYTES = new Threshold(ID + ".minShuffleBytes", 128L << 20, 0, 1L << 50,
            "bytes shuffled", "The clustering shuffle must move at least this much data before it counts.",
            SPARK_SQL_TUNING + " (spark.sql.files.maxPartitionBytes = 128 MB): a smaller shuffle costs about one task");

    public static final Rule<ClusterOnWriteEvidence> RULE = new Rule<>(ID, Layer.QUERY_PLAN, ClusterOnWriteEvidence.class,
            ClusterOnWriteEvidence::of, ClusterOnWriteAdvice::remedy, List.of(MIN_SHUFFLE_BYTES), List.of(), FindingChart.NONE);

    private ClusterOnWriteRule() {}
}
