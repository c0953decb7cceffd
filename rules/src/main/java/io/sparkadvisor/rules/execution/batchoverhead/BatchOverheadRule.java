package io.sparkadvisor.rules.execution.batchoverhead;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * batch-overhead: a streaming query whose micro-batches spend most of their time on Spark's own bookkeeping (the offset
 * lookup, planning, the offset log and the commit log) instead of the data, and hold the always-on cluster doing it;
 * decided in batch-overhead.drl, advised by {@link BatchOverheadAdvice}.
 */
public final class BatchOverheadRule {
    public static final String ID = "batch-overhead";
    private static final String ANCHORS = "../shared/reference/anchors-2026-12.md section 5.3 (planning/commit overhead)";

    public static final Threshold MIN_BATCHES = new Threshold(ID + ".minBatches", 10, 2, 1_000_000, "micro-batches",
            "Judged over all the query's batches; fewer say nothing about the per-batch cost.",
            OURS + "the signals table's \"over the last N >= 10 progress events\" (" + ANCHORS + ")");
    public static final Threshold MIN_BOOKKEEPING_SHARE = new Threshold(ID + ".minBookkeepingShare", 0.3, 0, 1,
            "(latestOffset + queryPlanning + walCommit + commitOffsets) / triggerExecution",
            "Spark's bookkeeping takes at least this share of the batches' time.",
            OURS + "the signals table's bound, > 0.3 (" + ANCHORS + ")");
    public static final Threshold MIN_WALL_SHARE = new Threshold(ID + ".minWallShare", 0.4, 0, 1,
            "bookkeeping time / time the query ran",
            "...and at least this share of the always-on cluster's time: a query with room to spare between batches pays"
                    + " its bookkeeping out of idle time.",
            OURS + "the healthy control spends half of each batch on its 15 s trigger on bookkeeping yet a tenth of its"
                    + " time; tiny batches on a 200 ms trigger spend over half (corpus/streaming)");
    public static final Threshold HIGH_WALL_SHARE = new Threshold(ID + ".highWallShare", 0.6, 0, 1,
            "bookkeeping time / time the query ran", "High from this share: most of the cluster's time is bookkeeping.",
            OURS + "most of an always-on cluster spent on no data");
    public static final Threshold TARGET_SHARE = new Threshold(ID + ".targetShare", 0.1, 0.01, 1,
            "bookkeeping per batch / trigger interval",
            "The proposed trigger interval leaves the bookkeeping this share of it.",
            OURS + "a tenth of the interval: the query's data, not its bookkeeping, sets the cluster's load");

    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_WALL_SHARE);

    public static final Rule<BatchOverheadEvidence> RULE = new Rule<>(ID, Layer.EXECUTION, BatchOverheadEvidence.class,
            BatchOverheadEvidence::of, BatchOverheadAdvice::remedy,
            List.of(MIN_BATCHES, MIN_BOOKKEEPING_SHARE, MIN_WALL_SHARE, HIGH_WALL_SHARE, TARGET_SHARE), List.of(SEVERITY),
            FindingChart.STREAMING_RATES);

    private BatchOverheadRule() {}
}
