package io.sparkadvisor.rules.advisor;

import java.util.List;

/**
 * A metric's value on the baseline as the job's comparable runs give it: their median and the run-to-run noise
 * around it ({@code follow-up.noiseWidth} robust deviations, a deviation being the median absolute deviation over
 * 0.6745, the normal distribution's ratio), over {@code runs} runs. One run has no spread, and two (the baseline and
 * one earlier run) a spread from a single difference: such a band is a guess, and where it is narrower than a check's
 * fixed tolerance the tolerance stands.
 */
public record NoiseBand(double median, double noise, int runs) {
    /** The median absolute deviation of normally distributed values is 0.6745 standard deviations. */
    private static final double MAD_PER_DEVIATION = 0.6745;

    public static NoiseBand of(List<Double> values, double width) {
        double median = median(values);
        double mad = median(values.stream().map(v -> Math.abs(v - median)).toList());
        return new NoiseBand(median, width * mad / MAD_PER_DEVIATION, values.size());
    }

    public static NoiseBand single(double value) {
        return new NoiseBand(value, 0, 1);
    }

    /** The baseline alone, or with one earlier run: too few runs to know the job's spread. */
    public boolean guess() {
        return runs < 3;
    }

    /** The band for a run that read {@code factor} times the input. */
    public NoiseBand scaled(double factor) {
        return new NoiseBand(median * factor, noise * factor, runs);
    }

    /**
     * Whether {@code after} holds the check against this band. A check that the metric does not rise (at most a
     * multiple of one or more) allows the noise where it is wider than its own tolerance; a check that it falls or
     * rises asks for more than the noise as well as its own margin; a fixed bound knows no baseline.
     */
    public boolean admits(MetricCheck check, double after) {
        double bound = check.bound();
        return switch (check.comparison()) {
            case BELOW, AT_MOST, AT_LEAST -> check.passes(median, after);
            case AT_MOST_BASELINE_TIMES -> bound >= 1 ? after <= Math.max(bound * median, median + noise)
                    : after <= Math.min(bound * median, median - noise);
            case AT_MOST_BASELINE_MINUS -> after <= Math.min(median - bound, median - noise);
            case ABOVE_BASELINE_TIMES -> after > Math.max(bound * median, median + noise);
            case AT_LEAST_BASELINE_PLUS -> after >= Math.max(median + bound, median + noise);
        };
    }

    /** The mean of the two middles of an even count: two runs then have a spread (a lower middle would give none). */
    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return (sorted.get((n - 1) / 2) + sorted.get(n / 2)) / 2;
    }
}
