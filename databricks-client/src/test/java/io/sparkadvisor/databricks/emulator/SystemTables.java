package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The system tables a serverless run is read from, as a warehouse answers a statement over them: {@code system.query.history}
 * with its documented columns and types (https://docs.databricks.com/aws/en/admin/system-tables/query-history), and the
 * priced serverless usage per run. Rows come from a run file of corpus/serverless (its {@code statements} and {@code usage}).
 */
public final class SystemTables {
    /** Every column of system.query.history, with the type the Statement Execution API's manifest names (documented schema). */
    public static final Map<String, String> QUERY_HISTORY = Map.ofEntries(Map.entry("account_id", "STRING"),
            Map.entry("workspace_id", "STRING"), Map.entry("statement_id", "STRING"), Map.entry("session_id", "STRING"),
            Map.entry("execution_status", "STRING"), Map.entry("compute", "STRUCT"), Map.entry("executed_by_user_id", "STRING"),
            Map.entry("executed_by", "STRING"), Map.entry("statement_text", "STRING"), Map.entry("statement_type", "STRING"),
            Map.entry("error_message", "STRING"), Map.entry("client_application", "STRING"), Map.entry("client_driver", "STRING"),
            Map.entry("total_duration_ms", "LONG"), Map.entry("waiting_for_compute_duration_ms", "LONG"),
            Map.entry("waiting_at_capacity_duration_ms", "LONG"), Map.entry("execution_duration_ms", "LONG"),
            Map.entry("compilation_duration_ms", "LONG"), Map.entry("total_task_duration_ms", "LONG"),
            Map.entry("result_fetch_duration_ms", "LONG"), Map.entry("start_time", "TIMESTAMP"), Map.entry("end_time", "TIMESTAMP"),
            Map.entry("update_time", "TIMESTAMP"), Map.entry("read_partitions", "LONG"), Map.entry("pruned_files", "LONG"),
            Map.entry("read_files", "LONG"), Map.entry("read_rows", "LONG"), Map.entry("produced_rows", "LONG"),
            Map.entry("read_bytes", "LONG"), Map.entry("read_io_cache_percent", "INT"), Map.entry("from_result_cache", "BOOLEAN"),
            Map.entry("spilled_local_bytes", "LONG"), Map.entry("written_bytes", "LONG"), Map.entry("shuffle_read_bytes", "LONG"),
            Map.entry("query_source", "STRUCT"), Map.entry("executed_as_user_id", "STRING"), Map.entry("executed_as", "STRING"));
    static final List<String> USAGE = List.of("job_run_id", "performance_target", "usage_start", "usage_end", "dbus", "dollars");
    private static final Map<String, String> USAGE_TYPES = Map.of("job_run_id", "STRING", "performance_target", "STRING",
            "usage_start", "TIMESTAMP", "usage_end", "TIMESTAMP", "dbus", "DECIMAL", "dollars", "DECIMAL");

    private SystemTables() {}

    /** Statements over system.query.history answer the run file's statements in {@code columns}' order. */
    public static void serveQueryHistory(WorkspaceEmulator emulator, List<String> columns, JsonNode runFile) {
        emulator.onStatement("FROM system.query.history",
                StatementScript.succeeds(columns, List.of(rows(runFile.path("statements"), columns)))
                        .typed(columns.stream().map(QUERY_HISTORY::get).toList()));
        emulator.onStatement("AND is_serverless", StatementScript.succeeds(USAGE, List.of(rows(runFile.path("usage"), USAGE)))
                .typed(USAGE.stream().map(USAGE_TYPES::get).toList()));
    }

    private static List<List<String>> rows(JsonNode objects, List<String> columns) {
        List<List<String>> rows = new ArrayList<>();
        objects.forEach(o -> rows.add(columns.stream().map(c -> o.path(c).isNull() || o.path(c).isMissingNode() ? null : o.path(c).asText())
                .toList()));
        return rows;
    }
}
