package io.sparkadvisor.knowledge.serverless;

import java.util.Locale;

/**
 * The performance mode of a serverless job (its settings' {@code performance_target}; billing's
 * {@code product_features.performance_target}): performance-optimized starts in under a minute on warm compute and
 * uses more DBUs; standard starts in 4-6 minutes and uses fewer at the same $/DBU
 * (https://docs.databricks.com/aws/en/compute/serverless/performance-modes).
 */
public enum PerformanceMode {
    PERFORMANCE_OPTIMIZED, STANDARD, UNKNOWN;

    /** The API's or the billing table's value; a job without the field runs performance-optimized, the default. */
    public static PerformanceMode of(String value) {
        if (value == null || value.isBlank()) {
            return UNKNOWN;
        }
        String v = value.trim().toUpperCase(Locale.ROOT);
        return v.equals("STANDARD") ? STANDARD : v.equals("PERFORMANCE_OPTIMIZED") ? PERFORMANCE_OPTIMIZED : UNKNOWN;
    }
}
