package io.sparkadvisor.knowledge.facts;

import java.util.Map;
import java.util.Optional;

/**
 * One source's part of a micro-batch. Offsets are the source's own JSON text (data, not markup).
 *
 * @param offsetsBehindLatest Kafka's maxOffsetsBehindLatest metric, else latest minus end offsets
 *     summed over Kafka partitions, when the event carries them
 * @param kafkaPartitions the topic partitions named in the offsets; 0 for a source that is not Kafka
 * @param metrics the source's custom metrics as written
 */
public record SourceProgress(String description, String startOffset, String endOffset, String latestOffset,
        long numInputRows, double inputRowsPerSecond, double processedRowsPerSecond, Optional<Long> offsetsBehindLatest,
        int kafkaPartitions, Map<String, String> metrics) {}
