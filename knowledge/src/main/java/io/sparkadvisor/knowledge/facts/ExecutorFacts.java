package io.sparkadvisor.knowledge.facts;

/**
 * One executor over its lifetime. {@code maxUnifiedMemoryBytes} is what its block manager reported
 * as available for execution plus storage; peaks come from executor-metric events (0 when not logged).
 */
public record ExecutorFacts(String id, String host, int cores, long addedMs, long removedMs, String removeReason,
        long maxUnifiedMemoryBytes, long peakJvmHeapBytes, long peakOnHeapExecutionBytes, long peakOnHeapStorageBytes,
        long peakProcessRssBytes) {}
