package io.sparkadvisor.knowledge.facts;

import java.util.Map;

/**
 * Sums over every micro-batch of a query, in constant space.
 *
 * @param emptyBatches batches that read no row
 * @param idleEvents QueryIdleEvents (Spark 3.5+): triggers that found no new data
 * @param durationMs each duration part summed over the batches
 * @param work the Spark work of every batch, summed
 */
public record BatchTotals(long batches, long emptyBatches, long idleEvents, long inputRows, Map<String, Long> durationMs,
        long stateRowsRemoved, long rowsDroppedByWatermark, BatchWork work) {}
