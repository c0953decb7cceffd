package io.sparkadvisor.rules.advisor;

/**
 * A Dr. Elephant style severity ladder (anchors §3b): a value at or above {@code low}, {@code medium}
 * or {@code high} maps to that severity. Dr. Elephant's fourth rung (critical) folds into high, the
 * top of our scale. The rules pick the rungs from their thresholds in the DRL.
 */
public final class Ladder {
    private Ladder() {}

    public static Severity severity(double value, double low, double medium, double high) {
        if (value >= high) {
            return Severity.HIGH;
        }
        if (value >= medium) {
            return Severity.MEDIUM;
        }
        return value >= low ? Severity.LOW : Severity.INFO;
    }
}
