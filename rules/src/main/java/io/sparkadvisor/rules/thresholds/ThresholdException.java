package io.sparkadvisor.rules.thresholds;

/** A threshold override that cannot be used: unknown key, not a number, or out of range. */
public class ThresholdException extends IllegalArgumentException {
    public ThresholdException(String message) {
        super(message);
    }
}
