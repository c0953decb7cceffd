package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.annotation.JsonValue;

/** How much a finding matters; a healthy run has nothing above {@link #LOW}. */
public enum Severity {
    INFO, LOW, MEDIUM, HIGH;

    /** The lower of two severities: a finding is high only when every ladder it is judged on says so. */
    public static Severity lowest(Severity a, Severity b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** The higher of two severities: a floor a finding never goes below. */
    public static Severity highest(Severity a, Severity b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    @JsonValue
    public String id() {
        return name().toLowerCase();
    }
}
