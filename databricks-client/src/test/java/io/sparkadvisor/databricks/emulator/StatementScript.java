package io.sparkadvisor.databricks.emulator;

import java.util.List;

/**
 * How the emulated warehouse plays a statement: PENDING for {@code pendingPolls} status calls,
 * then SUCCEEDED with the rows split into chunks (columns typed STRING unless {@link #typed}), or FAILED with
 * {@code errorCode} and a message; or never finishes ({@link #neverFinishing}).
 */
public record StatementScript(int pendingPolls, List<String> columns, List<String> types, List<List<List<String>>> chunks,
        String errorCode, String failure, boolean endless) {

    public static StatementScript succeeds(List<String> columns, List<List<List<String>>> chunks) {
        return new StatementScript(0, columns, columns.stream().map(c -> "STRING").toList(), chunks, null, null, false);
    }

    public static StatementScript fails(String message) {
        return new StatementScript(0, List.of(), List.of(), List.of(), "BAD_REQUEST", message, false);
    }

    /**
     * The statement reads {@code table} without SELECT on it, worded as Unity Catalog answers (error class
     * INSUFFICIENT_PERMISSIONS, SQLSTATE 42501; the API's error code is BAD_REQUEST).
     */
    public static StatementScript lacksSelectOn(String table) {
        return fails("[INSUFFICIENT_PERMISSIONS] Insufficient privileges:\nUser does not have SELECT on Table '" + table
                + "'. SQLSTATE: 42501");
    }

    public static StatementScript neverFinishing() {
        return new StatementScript(0, List.of(), List.of(), List.of(), null, null, true);
    }

    public StatementScript afterPolls(int polls) {
        return new StatementScript(polls, columns, types, chunks, errorCode, failure, endless);
    }

    /** The columns' type names as the manifest's schema gives them (the API's names: INT, LONG for BIGINT, STRING...). */
    public StatementScript typed(List<String> columnTypes) {
        return new StatementScript(pendingPolls, columns, List.copyOf(columnTypes), chunks, errorCode, failure, endless);
    }

    /**
     * system.compute.node_timeline as a warehouse serves the advisor's statement: its documented columns (instance_id,
     * driver, start_time, end_time, cpu_user_percent, cpu_system_percent, cpu_wait_percent, mem_used_percent) with their
     * types, in one chunk; no rows is the table before Databricks has filled the run's minutes (days after it).
     */
    public static StatementScript nodeTimeline(List<List<String>> rows) {
        return succeeds(List.of("instance_id", "driver", "start_time", "end_time", "cpu_user_percent", "cpu_system_percent",
                "cpu_wait_percent", "mem_used_percent"), rows.isEmpty() ? List.of() : List.of(rows))
                .typed(List.of("STRING", "BOOLEAN", "TIMESTAMP", "TIMESTAMP", "DOUBLE", "DOUBLE", "DOUBLE", "DOUBLE"));
    }
}
