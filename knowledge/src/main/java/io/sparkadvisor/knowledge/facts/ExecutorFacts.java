package io.sparkadvisor.knowledge.facts;

/**
 * One executor over its lifetime. {@code maxUnifiedMemoryBytes} is what its block manager reported
 * as available for execution plus storage; peaks come from executor-metric events (0 when not logged).
 * {@code peakOffHeapUnifiedBytes} is the off-heap execution plus storage memory ({@code OffHeapUnifiedMemory}):
 * where Photon and {@code spark.memory.offHeap.enabled} keep their data, outside the JVM heap.
 */
public record ExecutorFacts(String id, String host, int cores, long addedMs, long removedMs, String removeReason,
        long maxUnifiedMemoryBytes, long peakJvmHeapBytes, long peakOnHeapExecutionBytes, long peakOnHeapStorageBytes,
        long peakProcessRssBytes, long peakOffHeapUnifiedBytes) {}
