package io.sparkadvisor.rules.thresholds;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Every threshold of the rule base, gathered from the per-layer declarations; a key declared twice fails at start-up. */
public final class ThresholdCatalogue {
    private static final Map<String, Threshold> ALL = collect(Stream.of(GeneralThresholds.DECLARED,
            InfrastructureThresholds.DECLARED, ExecutionThresholds.DECLARED, DataAccessThresholds.DECLARED,
            QueryPlanThresholds.DECLARED).flatMap(List::stream).toList());

    private ThresholdCatalogue() {}

    public static Map<String, Threshold> all() {
        return ALL;
    }

    private static Map<String, Threshold> collect(List<Threshold> declared) {
        Map<String, Threshold> out = new LinkedHashMap<>();
        for (Threshold t : declared) {
            if (out.put(t.key(), t) != null) {
                throw new IllegalStateException("threshold " + t.key() + " is declared twice");
            }
        }
        return java.util.Collections.unmodifiableMap(out);
    }
}
