package io.sparkadvisor.rules.advisor;

/**
 * A check of a step that the follow-up evaluates on the next run: a {@link RunMetrics} metric of
 * that run compared to a fixed bound or to a multiple of the same metric on the baseline run.
 */
public record MetricCheck(String metric, Comparison comparison, double bound, String text) {

    public enum Comparison {
        /** after &lt; bound */
        BELOW,
        /** after ≤ bound */
        AT_MOST,
        /** after ≥ bound */
        AT_LEAST,
        /** after &gt; bound × before */
        ABOVE_BASELINE_TIMES,
        /** after ≤ bound × before */
        AT_MOST_BASELINE_TIMES
    }

    public boolean passes(double before, double after) {
        return switch (comparison) {
            case BELOW -> after < bound;
            case AT_MOST -> after <= bound;
            case AT_LEAST -> after >= bound;
            case ABOVE_BASELINE_TIMES -> after > bound * before;
            case AT_MOST_BASELINE_TIMES -> after <= bound * before;
        };
    }
}
