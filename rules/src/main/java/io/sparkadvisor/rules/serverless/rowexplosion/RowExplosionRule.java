package io.sparkadvisor.rules.serverless.rowexplosion;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_ALERTS;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.QUERY_PROFILE;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * serverless-row-explosion: a statement of a serverless run produced far more rows than it read (an exploding join:
 * duplicate keys on both sides); decided in serverless-row-explosion.drl, advised by {@link RowExplosionAdvice}.
 */
public final class RowExplosionRule {
    public static final String ID = "serverless-row-explosion";

    public static final Threshold MIN_ROWS = new Threshold(ID + ".minRows", 10_000_000, 0, 1e15, "rows",
            "A statement must produce at least this many rows before its ratio counts.",
            DATAFLINT_ALERTS + " (a cross-join alert at 1e10 rows); " + OURS + "as cardinality-explosion's floor");
    public static final Threshold MIN_FACTOR = new Threshold(ID + ".minFactor", 10, 1, 1e9, "rows produced / rows read",
            "A statement must produce at least this many times the rows it read.",
            QUERY_PROFILE + " (\"exploding joins\"); " + OURS + "an order of magnitude more rows than it read");

    public static final Rule<RowExplosionEvidence> RULE = new Rule<>(ID, Layer.QUERY_PLAN, RowExplosionEvidence.class,
            RowExplosionEvidence::of, RowExplosionAdvice::remedy, List.of(MIN_ROWS, MIN_FACTOR), List.of(), FindingChart.NONE);

    private RowExplosionRule() {}
}
