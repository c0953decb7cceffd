package io.sparkadvisor.knowledge.facts;

import java.util.List;

/**
 * A shuffle: how it partitions (hashpartitioning, rangepartitioning, SinglePartition, ...), on which
 * columns (attribute ids stripped), into how many partitions, and how much data it moved.
 */
public record ExchangeFacts(int nodeId, String partitioning, List<String> keys, int numPartitions, long dataSizeBytes,
        long rowsOut, List<Integer> stageIds) {}
