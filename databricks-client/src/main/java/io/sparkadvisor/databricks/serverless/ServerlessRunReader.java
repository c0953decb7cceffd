package io.sparkadvisor.databricks.serverless;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.billing.BillingQuery;
import io.sparkadvisor.databricks.billing.CostQueries;
import io.sparkadvisor.databricks.billing.QueryResult;
import io.sparkadvisor.databricks.billing.QueryRunner;
import io.sparkadvisor.databricks.billing.SqlParameter;
import io.sparkadvisor.databricks.billing.StatementFailedException;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.knowledge.serverless.ServerlessRunJson;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a serverless job run, which has no event log, from the system tables through a SQL warehouse: its statements
 * from {@code system.query.history} (by {@code query_source.job_info.job_run_id}) and the job's serverless runs with
 * their performance modes and list cost from {@code system.billing.usage} priced by {@code system.billing.list_prices}.
 * Every value goes in as a parameter, never into the SQL text. The Query History API, when given, adds what the table
 * does not record: each statement's Photon time. The result is the run file {@code knowledge} reads
 * ({@link ServerlessRunJson}), so a run read here and one saved for {@code analyze --query-history} are one format.
 */
public final class ServerlessRunReader {
    public static final String STATEMENTS = "serverless-run-statements";
    /**
     * The documented columns of system.query.history the facts read (https://docs.databricks.com/aws/en/admin/system-tables/query-history);
     * statement_text only for the table names parsed from it (knowledge's StatementTables), never shown.
     */
    public static final List<String> COLUMNS = List.of("statement_id", "execution_status", "statement_type", "start_time",
            "total_duration_ms", "waiting_for_compute_duration_ms", "waiting_at_capacity_duration_ms", "compilation_duration_ms",
            "execution_duration_ms", "total_task_duration_ms", "read_files", "pruned_files", "read_bytes", "read_io_cache_percent",
            "spilled_local_bytes", "read_rows", "produced_rows", "statement_text");
    /** How far back the job's runs are compared across modes. */
    static final int HISTORY_DAYS = 30;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final QueryRunner runner;
    private final String workspaceId;
    private final Optional<QueryHistoryApi> api;

    /**
     * {@code workspaceId}: the workspace to keep to, or null for all of the account's in the region (the tables are
     * regional); {@code api}: the Query History API for Photon time, empty offline.
     */
    public ServerlessRunReader(QueryRunner runner, String workspaceId, Optional<QueryHistoryApi> api) {
        this.runner = runner;
        this.workspaceId = workspaceId == null ? "" : workspaceId;
        this.api = api;
    }

    /** The run as facts. {@code job}: the job's jobs/get answer (its settings carry the performance mode and health rules). */
    public ServerlessRun read(long jobId, long runId, long startMs, long endMs, ObjectNode job) {
        return ServerlessRunJson.parse(runFile(jobId, runId, startMs, endMs, job).toString(), "job " + jobId + " run " + runId);
    }

    /** The run file: {@code run}, {@code job}, {@code statements}, {@code query_history} (with the API) and {@code usage}, as {@code analyze --query-history} reads it. */
    public ObjectNode runFile(long jobId, long runId, long startMs, long endMs, ObjectNode job) {
        ObjectNode file = JSON.createObjectNode();
        file.putObject("run").put("job_id", jobId).put("run_id", runId).put("start_time", startMs).put("end_time", endMs);
        file.set("job", job);
        ArrayNode statements = objects(run(statements(runId, startMs, endMs)));
        file.set("statements", statements);
        List<String> ids = new ArrayList<>();
        statements.forEach(row -> ids.add(row.path("statement_id").asText()));
        api.filter(a -> !ids.isEmpty()).ifPresent(a -> file.set("query_history", a.queries(ids)));
        LocalDate from = Instant.ofEpochMilli(startMs).atZone(ZoneOffset.UTC).toLocalDate().minusDays(HISTORY_DAYS);
        file.set("usage", objects(run(CostQueries.serverlessRuns(jobId, from, workspaceId))));
        return file;
    }

    /** The run's statements; the window on start_time keeps the scan of the account-wide table to the run's days. */
    BillingQuery statements(long runId, long startMs, long endMs) {
        String sql = "SELECT " + String.join(", ", COLUMNS) + """

                FROM system.query.history
                WHERE query_source.job_info.job_run_id = :run_id
                  AND start_time >= :from_time AND start_time <= :to_time
                  AND (:workspace_id = '' OR workspace_id = :workspace_id)
                ORDER BY start_time
                """;
        return new BillingQuery(STATEMENTS, sql, List.of(new SqlParameter("run_id", Long.toString(runId), "STRING"),
                new SqlParameter("from_time", Instant.ofEpochMilli(startMs).toString(), "TIMESTAMP"),
                new SqlParameter("to_time", Instant.ofEpochMilli(Math.max(startMs, endMs)).toString(), "TIMESTAMP"),
                new SqlParameter("workspace_id", workspaceId, "STRING")));
    }

    private QueryResult run(BillingQuery query) {
        try {
            return runner.run(query);
        } catch (StatementFailedException e) {
            if (e.kind() == StatementFailedException.Kind.MISSING_PRIVILEGE || e.kind() == StatementFailedException.Kind.NOT_FOUND) {
                throw new QueryHistoryUnavailableException("A serverless run is read from the system tables, which cannot be read ("
                        + e.getMessage() + "). Grant the advisor's identity USE SCHEMA on system.query and system.billing, and"
                        + " SELECT on system.query.history, system.billing.usage and system.billing.list_prices.", e);
            }
            throw e;
        }
    }

    /** Rows as objects keyed by column name; values stay strings, as the API returns them. */
    private static ArrayNode objects(QueryResult result) {
        ArrayNode out = JSON.createArrayNode();
        for (List<String> row : result.rows()) {
            ObjectNode o = out.addObject();
            for (int i = 0; i < result.columns().size(); i++) {
                o.put(result.columns().get(i), row.get(i));
            }
        }
        return out;
    }
}
