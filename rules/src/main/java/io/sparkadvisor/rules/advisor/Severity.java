package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.annotation.JsonValue;

/** How much a finding matters; a healthy run has nothing above {@link #LOW}. */
public enum Severity {
    INFO, LOW, MEDIUM, HIGH;

    @JsonValue
    public String id() {
        return name().toLowerCase();
    }
}
