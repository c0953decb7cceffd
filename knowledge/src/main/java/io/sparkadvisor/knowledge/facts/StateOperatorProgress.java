package io.sparkadvisor.knowledge.facts;

import java.util.Map;

/**
 * A stateful operator's part of a micro-batch.
 *
 * @param numShufflePartitions the state's partitions, fixed by the query's checkpoint (0 when not written)
 * @param customMetrics the state store's own metrics (RocksDB's among them)
 */
public record StateOperatorProgress(String operatorName, long numRowsTotal, long numRowsUpdated, long numRowsRemoved,
        long memoryUsedBytes, long numRowsDroppedByWatermark, int numShufflePartitions, int numStateStoreInstances,
        Map<String, Long> customMetrics) {}
