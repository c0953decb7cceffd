package io.sparkadvisor.bot.followup;

import io.sparkadvisor.bot.store.Predictions.Judged;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * How far each rule's run-time predictions were from the runs judged after its steps: the median
 * share of the predicted saving realised, the median error of the predicted run time, and how many
 * landed within {@link #CLOSE} of it.
 */
public final class PredictionAccuracy {
    /** A prediction within 10% of the run time counts as close: about the run-to-run noise of a stable job. */
    static final double CLOSE = 0.10;

    private PredictionAccuracy() {}

    /** One rule's record. */
    public record RuleAccuracy(String rule, int judged, double medianRealised, double medianAbsError, int close) {}

    /** Per rule, in rule order. */
    public static List<RuleAccuracy> byRule(List<Judged> judged) {
        Map<String, List<Judged>> byRule = judged.stream().collect(Collectors.groupingBy(Judged::rule, TreeMap::new, Collectors.toList()));
        return byRule.entrySet().stream().map(e -> of(e.getKey(), e.getValue())).toList();
    }

    private static RuleAccuracy of(String rule, List<Judged> judged) {
        List<Double> realised = judged.stream().map(j -> j.outcome().realisedShare()).toList();
        List<Double> errors = judged.stream().map(j -> Math.abs(j.outcome().error())).toList();
        int close = (int) errors.stream().filter(e -> e <= CLOSE).count();
        return new RuleAccuracy(rule, judged.size(), median(realised), median(errors), close);
    }

    /** The middle value (the mean of the two middle ones for an even count). */
    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
