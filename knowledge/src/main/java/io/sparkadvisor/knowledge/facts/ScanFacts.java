package io.sparkadvisor.knowledge.facts;

import java.util.List;

/**
 * A file scan: where it read, in what format, with which partition, pushed and data filters, and
 * what it cost (files, bytes, rows out, partitions, time spent listing files and reading metadata).
 */
public record ScanFacts(int nodeId, String format, List<String> locations, String partitionFilters,
        String pushedFilters, String dataFilters, String readSchema, long filesRead, long bytesRead, long rowsOut,
        long partitionsRead, long metadataTimeMs, long scanTimeMs, List<Integer> stageIds) {

    public boolean hasPartitionFilters() {
        return !isEmptyList(partitionFilters);
    }

    private static boolean isEmptyList(String filters) {
        return filters == null || filters.isBlank() || filters.equals("[]");
    }
}
