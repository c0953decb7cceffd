package io.sparkadvisor.rules.execution.stategrowth;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * state-growth: a stateful streaming query whose state rows grow batch over batch while nothing is removed; decided in
 * state-growth.drl, advised by {@link StateGrowthAdvice}. A reliability risk: the state grows until the executors run
 * out of memory or every batch spends its time on it.
 */
public final class StateGrowthRule {
    public static final String ID = "state-growth";
    private static final String ANCHORS = "../shared/reference/anchors-2026-12.md section 5.3 (state growth)";
    static final String SPARK_STATE_STORE = "https://spark.apache.org/docs/3.5.3/structured-streaming-programming-guide.html"
            + "#rocksdb-state-store-implementation (\"maintain millions of keys in the state ... large JVM garbage collection pauses\")";

    public static final Threshold MIN_BATCHES = new Threshold(ID + ".minBatches", 10, 2, 100, "micro-batches",
            "Judged over the query's recent batches (the last 100 at most); fewer say nothing about a trend.",
            OURS + "the signals table's \"over the last N >= 10 progress events\" (" + ANCHORS + ")");
    public static final Threshold MIN_GROWING_SHARE = new Threshold(ID + ".minGrowingShare", 0.8, 0, 1,
            "share of consecutive recent batches", "The state's rows rose from one batch to the next in at least this share"
                    + " of the recent batches: growth batch over batch, not a step.",
            OURS + "monotonic growth with room for a batch that read nothing (" + ANCHORS + ")");
    public static final Threshold MAX_REMOVED_SHARE = new Threshold(ID + ".maxRemovedShare", 0.01, 0, 1,
            "state rows removed / state rows updated", "At or below this share nothing leaves the state: no watermark"
                    + " evicts, or the key space is unbounded.",
            OURS + "the signals table's numRowsRemoved ~ 0 (" + ANCHORS + ")");
    public static final Threshold ROCKSDB_ROWS = new Threshold(ID + ".rocksDbRows", 1_000_000, 1, 1e12, "state rows",
            "From this many rows in the state, the JVM-heap state store is large: the RocksDB state store provider keeps it"
                    + " off the heap.", SPARK_STATE_STORE);
    public static final Threshold HIGH_WEEK_ROWS = new Threshold(ID + ".highWeekRows", 10_000_000, 1, 1e13, "state rows",
            "High when, growing as now, the state holds this many rows a week from the log's end.",
            OURS + "ten times the rows from which Spark's guide says the heap state store pauses for GC (" + SPARK_STATE_STORE + ")");

    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_WEEK_ROWS);

    public static final Rule<StateGrowthEvidence> RULE = new Rule<>(ID, Layer.EXECUTION, StateGrowthEvidence.class,
            StateGrowthEvidence::of, StateGrowthAdvice::remedy,
            List.of(MIN_BATCHES, MIN_GROWING_SHARE, MAX_REMOVED_SHARE, ROCKSDB_ROWS, HIGH_WEEK_ROWS), List.of(SEVERITY),
            FindingChart.NONE, true);

    /** What the DRL decided for the state store: keep it, or also move the state to RocksDB (it is large). */
    public enum Store { KEEP, ROCKSDB }

    private StateGrowthRule() {}
}
