package io.sparkadvisor.rules.thresholds;

import java.util.List;
import java.util.stream.Stream;

/**
 * One tunable number of the rule base, declared once as a handle (in the style of Spark's
 * {@code SQLConf} entries) and read through it by the DRL and the Java alike:
 * {@code $t.get(SkewRule.MIN_RATIO)}. Keys follow one style, {@code <rule-id>.<camelCaseName>}
 * ({@code general.} and {@code follow-up.} for shared ones); {@code deprecatedKeys} are older
 * spellings that still work and warn once. {@code source} names what a reader can open to see where
 * the default comes from: a Spark doc page, a tool's source file, a paper.
 */
public record Threshold(String key, double defaultValue, double min, double max, String unit, String doc,
        String source, List<String> deprecatedKeys) {

    public Threshold {
        if (defaultValue < min || defaultValue > max) {
            throw new IllegalArgumentException(key + ": default " + defaultValue + " is outside [" + min + ", " + max + "]");
        }
        deprecatedKeys = List.copyOf(deprecatedKeys);
    }

    public Threshold(String key, double defaultValue, double min, double max, String unit, String doc, String source) {
        this(key, defaultValue, min, max, unit, doc, source, List.of());
    }

    /** This threshold also answering to an older key. */
    public Threshold deprecating(String oldKey) {
        return new Threshold(key, defaultValue, min, max, unit, doc, source,
                Stream.concat(deprecatedKeys.stream(), Stream.of(oldKey)).toList());
    }

    /** Parses and checks a user-supplied value, with an error that names the key, the range and the unit. */
    public double parse(String text) {
        double value;
        try {
            value = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new ThresholdException(key + "=" + text + " is not a number; " + describeRange());
        }
        if (value < min || value > max) {
            throw new ThresholdException(key + "=" + text + " is out of range; " + describeRange());
        }
        return value;
    }

    private String describeRange() {
        return "expected " + unit + " between " + format(min) + " and " + format(max) + " (default " + format(defaultValue) + ")";
    }

    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
