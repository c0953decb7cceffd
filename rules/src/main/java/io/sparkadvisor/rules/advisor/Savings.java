package io.sparkadvisor.rules.advisor;

/** Estimated saving per run if the recommendation works: wall time and core-hours. */
public record Savings(long runtimeMs, double coreHours) {
    public static final Savings NONE = new Savings(0, 0);
    private static final double MS_PER_HOUR = 3_600_000.0;

    /** A saving of wall time and of task time (milliseconds of core time), core-hours rounded for display. */
    public static Savings of(long runtimeMs, double coreMs) {
        return new Savings(runtimeMs, Format.round(coreMs / MS_PER_HOUR));
    }

    /** Wall time during which {@code slots} slots are freed. */
    public static Savings slotTime(long runtimeMs, int slots) {
        return of(runtimeMs, runtimeMs * (double) slots);
    }
}
