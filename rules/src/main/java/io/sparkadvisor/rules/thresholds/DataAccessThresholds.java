package io.sparkadvisor.rules.thresholds;

import java.util.List;

/** Thresholds of the rules in the DataAccess layer. */
public final class DataAccessThresholds {
    static final List<Threshold> DECLARED = List.of();

    private DataAccessThresholds() {}
}
