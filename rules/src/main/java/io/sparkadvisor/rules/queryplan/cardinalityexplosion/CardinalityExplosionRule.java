package io.sparkadvisor.rules.queryplan.cardinalityexplosion;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_ALERTS;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * cardinality-explosion: an operator multiplies rows that a later filter throws away; decided in
 * cardinality-explosion.drl, advised by {@link CardinalityExplosionAdvice}. Severity is the run's
 * share alone (high when the stages are a large share of the run), so the rule has no ladder of its own.
 */
public final class CardinalityExplosionRule {
    public static final String ID = "cardinality-explosion";

    public static final Threshold MIN_ROWS_OUT = new Threshold(ID + ".minRowsOut", 10_000_000, 0, 1e15, "rows",
            "The exploding operator must produce at least this many rows before its ratios count.",
            DATAFLINT_ALERTS + " (a cross-join alert at 1e10 rows); " + OURS + "three orders of magnitude lower, as a"
                    + " later filter makes the rows wasted rather than merely many");
    public static final Threshold MIN_FACTOR = new Threshold(ID + ".minFactor", 10, 1, 1e9, "output rows / input rows",
            "The operator must multiply its input rows at least this many times.",
            OURS + "an operator that creates an order of magnitude more rows than it reads");
    public static final Threshold MAX_SHARE_KEPT = new Threshold(ID + ".maxShareKept", 0.01, 0, 1,
            "rows kept / rows into the filter",
            "The later filter must keep at most this share of the rows it receives.",
            OURS + "a later filter keeping 1% of its rows, two orders of magnitude, discards nearly all the operator made");

    public static final Rule<CardinalityExplosionEvidence> RULE = new Rule<>(ID, Layer.QUERY_PLAN,
            CardinalityExplosionEvidence.class, CardinalityExplosionEvidence::of, CardinalityExplosionAdvice::remedy,
            List.of(MIN_ROWS_OUT, MIN_FACTOR, MAX_SHARE_KEPT), List.of(), FindingChart.NONE);

    private CardinalityExplosionRule() {}
}
