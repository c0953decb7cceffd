package io.sparkadvisor.rules.advisor;

/** Estimated saving per run if the recommendation works: wall time and core-hours. */
public record Savings(long runtimeMs, double coreHours) {
    public static final Savings NONE = new Savings(0, 0);
}
