package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Estimated saving per run if the recommendation works: wall time and core-hours, and for a node-type change the
 * node-hours and, when the node types' prices are known, the dollars (left out of the JSON when zero).
 */
public record Savings(long runtimeMs, double coreHours,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) double nodeHours,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) double dollars) {
    public static final Savings NONE = new Savings(0, 0);
    private static final double MS_PER_HOUR = 3_600_000.0;

    public Savings(long runtimeMs, double coreHours) {
        this(runtimeMs, coreHours, 0, 0);
    }

    /** Node-hours and dollars a cheaper node type saves, with no change in run time or core-hours. */
    public static Savings ofNodes(double nodeHours, double dollars) {
        return new Savings(0, 0, Format.round(nodeHours), Format.round(dollars));
    }

    /** Some saving is quantified. */
    public boolean any() {
        return runtimeMs > 0 || coreHours > 0 || nodeHours > 0 || dollars > 0;
    }

    /** A saving of wall time and of task time (milliseconds of core time), core-hours rounded for display. */
    public static Savings of(long runtimeMs, double coreMs) {
        return new Savings(runtimeMs, Format.round(coreMs / MS_PER_HOUR));
    }

    /** Wall time during which {@code slots} slots are freed. */
    public static Savings slotTime(long runtimeMs, int slots) {
        return of(runtimeMs, runtimeMs * (double) slots);
    }
}
