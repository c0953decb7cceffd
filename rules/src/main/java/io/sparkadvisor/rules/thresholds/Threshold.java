package io.sparkadvisor.rules.thresholds;

/**
 * One tunable number of the rule base, declared once: key, meaning, default, valid range, unit and
 * where the default comes from (a seed or a tool in the anchors).
 */
public record Threshold(String key, double defaultValue, double min, double max, String unit, String doc,
        String source) {

    public Threshold {
        if (defaultValue < min || defaultValue > max) {
            throw new IllegalArgumentException(key + ": default " + defaultValue + " is outside [" + min + ", " + max + "]");
        }
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
