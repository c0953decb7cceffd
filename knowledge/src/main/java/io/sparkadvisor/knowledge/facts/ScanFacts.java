package io.sparkadvisor.knowledge.facts;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file scan: where it read, in what format, with which partition, pushed and data filters, and
 * what it cost (files, bytes, rows out, partitions, time spent listing files and reading metadata).
 * {@code format} is the file format as the plan writes it ({@code Parquet}); {@code tableFormat} is
 * what the files belong to: {@value #DELTA} (a Delta table's data, read through its file index),
 * {@value #DELTA_LOG} (a Delta table's transaction log, replayed to build its snapshot),
 * {@value #ICEBERG}, or the plain file format in lower case ({@code parquet}, {@code orc}, {@code csv}, ...).
 * {@code table} is the catalog table the plan names ({@code spark_catalog.default.sales}), empty for a path read.
 */
public record ScanFacts(int nodeId, String format, List<String> locations, String partitionFilters,
        String pushedFilters, String dataFilters, String readSchema, long filesRead, long bytesRead, long rowsOut,
        long partitionsRead, long metadataTimeMs, long scanTimeMs, List<Integer> stageIds, String tableFormat,
        String table) {
    public static final String DELTA = "delta";
    public static final String DELTA_LOG = "delta-log";
    public static final String ICEBERG = "iceberg";
    /** An attribute in a plan expression: {@code user_id#3L}, {@code market_id#12}. */
    private static final Pattern ATTRIBUTE = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)#\\d+L?");

    public boolean hasPartitionFilters() {
        return !isEmptyList(partitionFilters);
    }

    /** The data of a Delta table (not its transaction log). */
    public boolean deltaTable() {
        return DELTA.equals(tableFormat);
    }

    /**
     * The columns the data filters test ({@code [isnotnull(user_id#3L), (user_id#3L = 4242)]} tests
     * {@code user_id}), in order of first mention: what data skipping or clustering could serve.
     * Partition columns are in the partition filters instead.
     */
    public List<String> dataFilterColumns() {
        Set<String> columns = new LinkedHashSet<>();
        Matcher m = ATTRIBUTE.matcher(dataFilters == null ? "" : dataFilters);
        while (m.find()) {
            columns.add(m.group(1));
        }
        return List.copyOf(columns);
    }

    private static boolean isEmptyList(String filters) {
        return filters == null || filters.isBlank() || filters.equals("[]");
    }
}
