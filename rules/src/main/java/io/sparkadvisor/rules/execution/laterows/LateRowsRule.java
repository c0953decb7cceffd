package io.sparkadvisor.rules.execution.laterows;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * late-rows: a streaming query's watermark drops input rows that arrive later than it allows, silently; decided in
 * late-rows.drl, advised by {@link LateRowsAdvice}. A reliability risk: the results miss those rows.
 */
public final class LateRowsRule {
    public static final String ID = "late-rows";
    private static final String ANCHORS = "../shared/reference/anchors-2026-12.md section 5.3 (late-data loss)";

    public static final Threshold MIN_DROPPED_ROWS = new Threshold(ID + ".minDroppedRows", 1, 1, 1e12, "rows",
            "Fires when the watermark dropped at least this many rows over the log: each is a row the results miss.",
            OURS + "the signals table's numRowsDroppedByWatermark > 0 (" + ANCHORS + ")");
    public static final Threshold HIGH_DROPPED_SHARE = new Threshold(ID + ".highDroppedShare", 0.01, 0, 1,
            "rows dropped / input rows", "High from this share of the input lost.",
            OURS + "one row in a hundred missing from the results is a wrong answer, not a rounding");

    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_DROPPED_SHARE);

    public static final Rule<LateRowsEvidence> RULE = new Rule<>(ID, Layer.EXECUTION, LateRowsEvidence.class,
            LateRowsEvidence::of, LateRowsAdvice::remedy, List.of(MIN_DROPPED_ROWS, HIGH_DROPPED_SHARE), List.of(SEVERITY),
            FindingChart.NONE, true);

    private LateRowsRule() {}
}
