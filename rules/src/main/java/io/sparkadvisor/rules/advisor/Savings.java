package io.sparkadvisor.rules.advisor;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Estimated saving per run if the recommendation works: wall time and core-hours, and for a node-type change the
 * node-hours and, when the node types' prices are known, the dollars (left out of the JSON when zero).
 *
 * @param upperBound the figure assumes the cause goes away entirely (every GC pause, every idle slot, the whole
 *        straggler), so the run saves at most this; shown in the JSON only when true
 * @param netOf rules whose findings rank before this one and claim time of the same stages: the figures are what
 *        those stages have left once those findings' savings are taken (no second count); shown only when not empty
 */
public record Savings(long runtimeMs, double coreHours,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) double nodeHours,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) double dollars,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean upperBound,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> netOf) {
    public static final Savings NONE = new Savings(0, 0);
    private static final double MS_PER_HOUR = 3_600_000.0;

    public Savings {
        netOf = List.copyOf(netOf);
    }

    public Savings(long runtimeMs, double coreHours) {
        this(runtimeMs, coreHours, 0, 0, false, List.of());
    }

    /** Node-hours and dollars a cheaper node type saves, with no change in run time or core-hours. */
    public static Savings ofNodes(double nodeHours, double dollars) {
        return new Savings(0, 0, Format.round(nodeHours), Format.round(dollars), false, List.of());
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

    /** The same figures, said to be the most the run can save. */
    public Savings upTo() {
        return new Savings(runtimeMs, coreHours, nodeHours, dollars, true, netOf);
    }

    /** This saving on the share of its stages' time that findings of {@code before} left over. */
    Savings netOf(double leftShare, List<String> before) {
        return new Savings(Math.round(runtimeMs * leftShare), Format.round(coreHours * leftShare),
                Format.round(nodeHours * leftShare), Format.round(dollars * leftShare), upperBound, before);
    }
}
