package io.sparkadvisor.rules.thresholds;

import java.util.List;

/** Thresholds of the rules in the QueryPlan layer. */
public final class QueryPlanThresholds {
    static final List<Threshold> DECLARED = List.of();

    private QueryPlanThresholds() {}
}
