package io.sparkadvisor.rules.thresholds;

import java.util.List;

/** Thresholds of the rules in the Infrastructure layer. */
public final class InfrastructureThresholds {
    static final List<Threshold> DECLARED = List.of();

    private InfrastructureThresholds() {}
}
