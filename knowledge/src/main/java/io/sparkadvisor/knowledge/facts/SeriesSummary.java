package io.sparkadvisor.knowledge.facts;

/**
 * One measure over a query's micro-batches in constant space: quantiles from a KLL sketch
 * (Apache DataSketches, rank error about 1.3% at k=200), and the least-squares slope of the
 * measure by batch id (its trend: units per batch). All 0 when no batch reported it.
 */
public record SeriesSummary(long count, double min, double max, double mean, double p50, double p90, double p99,
        double slopePerBatch) {

    public static final SeriesSummary NONE = new SeriesSummary(0, 0, 0, 0, 0, 0, 0, 0);
}
