package io.sparkadvisor.rules.thresholds;

import java.util.List;

/** Thresholds of the rules in the query-plan layer: cardinality explosion, cluster-on-write. */
public final class QueryPlanThresholds {
    public static final String CARDINALITY_MIN_ROWS_OUT = "cardinality-explosion.minRowsOut";
    public static final String CARDINALITY_MIN_FACTOR = "cardinality-explosion.minFactor";
    public static final String CARDINALITY_MAX_SHARE_KEPT = "cardinality-explosion.maxShareKept";
    public static final String CLUSTER_ON_WRITE_MIN_SHUFFLE_BYTES = "cluster-on-write.minShuffleBytes";

    static final List<Threshold> DECLARED = List.of(
            new Threshold(CARDINALITY_MIN_ROWS_OUT, 10_000_000, 0, 1e15, "rows",
                    "The exploding operator must produce at least this many rows before its ratios count.",
                    "spark-advisor default, three orders below DataFlint's 1e10-row cross-join alert (anchors §1b)"),
            new Threshold(CARDINALITY_MIN_FACTOR, 10, 1, 1e9, "output rows / input rows",
                    "The operator must multiply its input rows at least this many times.",
                    "seed 001 (query-plan layer): an operator creating orders of magnitude more rows; one order is the least"),
            new Threshold(CARDINALITY_MAX_SHARE_KEPT, 0.01, 0, 1, "rows kept / rows into the filter",
                    "The later filter must keep at most this share of the rows it receives.",
                    "seed 001 (query-plan layer): a later filter keeping a tiny fraction; 1% is two orders of magnitude"),
            new Threshold(CLUSTER_ON_WRITE_MIN_SHUFFLE_BYTES, 128L << 20, 0, 1L << 50, "bytes shuffled",
                    "The clustering shuffle must move at least this much data before it counts.",
                    "Spark's 128 MB file split (spark.sql.files.maxPartitionBytes, anchors §8): a smaller shuffle costs about one task"));

    private QueryPlanThresholds() {}
}
