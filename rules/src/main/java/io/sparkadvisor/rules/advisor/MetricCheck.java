package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.RunFacts;

/**
 * A check of a step that the follow-up evaluates on the next run: a {@link RunMetrics} metric of
 * that run compared to a fixed bound or to a multiple of the same metric on the baseline run.
 * {@code baseline} is that metric on the run the advice came from, measured when the advice was
 * made (null when it could not be): the follow-up then needs neither that run's event log, which
 * log retention may have deleted by the job's next run, nor the time to read it again.
 */
public record MetricCheck(String metric, Comparison comparison, double bound, String text, Double baseline) {

    /** A check not measured yet; the advisor measures it on the run it advises on. */
    public MetricCheck(String metric, Comparison comparison, double bound, String text) {
        this(metric, comparison, bound, text, null);
    }

    /** This check with its metric measured on {@code run} (unchanged when the run cannot measure it). */
    public MetricCheck measuredOn(RunFacts run) {
        var value = RunMetrics.value(run, metric);
        return value.isPresent() ? new MetricCheck(metric, comparison, bound, text, value.getAsDouble()) : this;
    }

    /** This check judged against {@code run} instead: its metric measured there, null when that run cannot measure it. */
    public MetricCheck rebasedOn(RunFacts run) {
        var value = RunMetrics.value(run, metric);
        return new MetricCheck(metric, comparison, bound, text, value.isPresent() ? value.getAsDouble() : null);
    }

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
        AT_MOST_BASELINE_TIMES,
        /** after ≤ before - bound: at least {@code bound} less than before */
        AT_MOST_BASELINE_MINUS,
        /** after ≥ before + bound: at least {@code bound} more than before */
        AT_LEAST_BASELINE_PLUS;

        /** Whether the bound is set against the baseline's value (not a fixed one). */
        public boolean againstBaseline() {
            return this != BELOW && this != AT_MOST && this != AT_LEAST;
        }
    }

    public boolean passes(double before, double after) {
        return switch (comparison) {
            case BELOW -> after < bound;
            case AT_MOST -> after <= bound;
            case AT_LEAST -> after >= bound;
            case ABOVE_BASELINE_TIMES -> after > bound * before;
            case AT_MOST_BASELINE_TIMES -> after <= bound * before;
            case AT_MOST_BASELINE_MINUS -> after <= before - bound;
            case AT_LEAST_BASELINE_PLUS -> after >= before + bound;
        };
    }
}
