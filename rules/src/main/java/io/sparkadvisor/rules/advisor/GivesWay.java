package io.sparkadvisor.rules.advisor;

/**
 * A decision of the DRL that two diagnoses propose different fixes for the same stage and one
 * remedy must stand: {@code yielding} is not reported on its own, and {@code standing} cites its evidence.
 */
public record GivesWay(Diagnosis yielding, Diagnosis standing) {}
