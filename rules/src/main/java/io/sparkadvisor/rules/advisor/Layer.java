package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.annotation.JsonValue;

/** Where the waste sits, following the work down the stack. */
public enum Layer {
    INFRASTRUCTURE("infrastructure"),
    EXECUTION("execution"),
    DATA_ACCESS("data-access"),
    QUERY_PLAN("query-plan");

    private final String id;

    Layer(String id) {
        this.id = id;
    }

    @JsonValue
    public String id() {
        return id;
    }
}
