package io.sparkadvisor.knowledge.serverless;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.StreamSupport;

/**
 * Reads a serverless run from JSON, in one of three shapes:
 * <ul>
 * <li>a Query History API answer ({@code GET /api/2.0/sql/history/queries?include_metrics=true}: {@code {"res": [...]}},
 *     each query with its {@code metrics});</li>
 * <li>an array of {@code system.query.history} rows, keyed by the table's column names;</li>
 * <li>the run file databricks-client writes: {@code run} (jobs/runs/get), {@code job} (jobs/get), the statements as
 *     {@code statements} (table rows; Photon time from {@code query_history} for the same ids, when given) or
 *     {@code query_history} (the API's answer) alone, and {@code usage} (the run's and the
 *     job's recent runs' priced usage: job_run_id, performance_target, usage_start, usage_end, dbus, dollars).</li>
 * </ul>
 * Numbers may come as JSON numbers or as strings (the Statement Execution API's JSON_ARRAY format); a missing metric is 0.
 * Statements that did not finish (FAILED, CANCELED) are left out: their metrics stop where they stopped.
 */
public final class ServerlessRunJson {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SHAPES = "Give the Query History API's answer ({\"res\": [...]}, with include_metrics=true), an"
            + " array of system.query.history rows, or the run file `spark-advisor` writes for a serverless run (README, \"Serverless runs\").";

    private ServerlessRunJson() {}

    /** {@code source} names the input in messages. */
    public static ServerlessRun parse(String json, String source) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            // Jackson's message names the parser's source; keep its first clause and the place.
            String why = e.getOriginalMessage().split(" \\(", 2)[0];
            throw new QueryHistoryException(source + " is not JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": " + why + "). " + SHAPES);
        }
        if (root == null || root.isMissingNode()) {
            throw new QueryHistoryException(source + " is empty. " + SHAPES);
        }
        if (root.isArray()) {
            return statementsOnly(tableRows(root));
        }
        if (root.has("res")) {
            return statementsOnly(apiQueries(root.path("res")));
        }
        if (root.has("statements") || root.has("query_history")) {
            return runFile(root);
        }
        throw new QueryHistoryException(source + " has none of res, statements or query_history. " + SHAPES);
    }

    private static ServerlessRun statementsOnly(List<StatementFacts> statements) {
        long start = statements.stream().mapToLong(StatementFacts::startMs).min().orElse(0);
        long end = statements.stream().mapToLong(s -> s.startMs() + s.totalMs()).max().orElse(start);
        return new ServerlessRun("", "", start, end, PerformanceMode.UNKNOWN, false, OptionalLong.empty(), 0, 0, statements,
                List.of());
    }

    private static ServerlessRun runFile(JsonNode root) {
        JsonNode run = root.path("run");
        JsonNode settings = root.path("job").path("settings");
        List<StatementFacts> statements = root.has("statements") ? withPhotonTimes(tableRows(root.path("statements")),
                apiQueries(root.path("query_history").path("res"))) : apiQueries(root.path("query_history").path("res"));
        String runId = run.path("run_id").asText("");
        List<RecentRun> recent = recentRuns(root.path("usage"));
        RecentRun self = recent.stream().filter(r -> r.runId().equals(runId)).findFirst()
                .orElse(new RecentRun(runId, PerformanceMode.UNKNOWN, 0, 0, 0));
        PerformanceMode mode = settings.has("performance_target") ? PerformanceMode.of(settings.path("performance_target").asText())
                // Jobs default to performance-optimized; billing names the mode a run actually used.
                : self.mode() != PerformanceMode.UNKNOWN ? self.mode() : PerformanceMode.PERFORMANCE_OPTIMIZED;
        long start = run.path("start_time").asLong(statements.stream().mapToLong(StatementFacts::startMs).min().orElse(0));
        long end = run.path("end_time").asLong(start);
        return new ServerlessRun(run.path("job_id").asText(""), runId, start, end, mode,
                settings.path("continuous").isObject(), durationAlert(settings), self.dbus(), self.dollars(), statements, recent);
    }

    /** The table's statements with the Photon time the API recorded for the same ids (the table has none). */
    private static List<StatementFacts> withPhotonTimes(List<StatementFacts> rows, List<StatementFacts> api) {
        Map<String, OptionalLong> photon = new LinkedHashMap<>();
        api.forEach(q -> photon.put(q.statementId(), q.photonMs()));
        return rows.stream().map(s -> s.withPhotonMs(photon.getOrDefault(s.statementId(), s.photonMs()))).toList();
    }

    /** The RUN_DURATION_SECONDS health rule's threshold, in milliseconds. */
    private static OptionalLong durationAlert(JsonNode settings) {
        for (JsonNode rule : settings.path("health").path("rules")) {
            if (rule.path("metric").asText().equals("RUN_DURATION_SECONDS")) {
                return OptionalLong.of(rule.path("value").asLong() * 1000);
            }
        }
        return OptionalLong.empty();
    }

    /** Usage rows grouped by run: modes, DBUs and list cost summed, duration from the first start to the last end. */
    private static List<RecentRun> recentRuns(JsonNode usage) {
        Map<String, List<JsonNode>> byRun = new LinkedHashMap<>();
        usage.forEach(u -> byRun.computeIfAbsent(u.path("job_run_id").asText(), k -> new ArrayList<>()).add(u));
        List<RecentRun> out = new ArrayList<>();
        byRun.forEach((runId, rows) -> {
            long start = rows.stream().mapToLong(u -> time(u.path("usage_start"))).min().orElse(0);
            long end = rows.stream().mapToLong(u -> time(u.path("usage_end"))).max().orElse(start);
            PerformanceMode mode = rows.stream().map(u -> PerformanceMode.of(u.path("performance_target").asText(null)))
                    .filter(m -> m != PerformanceMode.UNKNOWN).findFirst().orElse(PerformanceMode.UNKNOWN);
            out.add(new RecentRun(runId, mode, end - start, rows.stream().mapToDouble(u -> u.path("dbus").asDouble()).sum(),
                    rows.stream().mapToDouble(u -> u.path("dollars").asDouble()).sum()));
        });
        return out;
    }

    /** Rows of system.query.history (https://docs.databricks.com/aws/en/admin/system-tables/query-history). */
    private static List<StatementFacts> tableRows(JsonNode rows) {
        return sorted(StreamSupport.stream(rows.spliterator(), false).filter(r -> finished(r.path("execution_status")))
                .map(r -> {
                    long readBytes = r.path("read_bytes").asLong();
                    return new StatementFacts(r.path("statement_id").asText(), r.path("statement_type").asText(""),
                            time(r.path("start_time")), r.path("total_duration_ms").asLong(),
                            r.path("waiting_for_compute_duration_ms").asLong() + r.path("waiting_at_capacity_duration_ms").asLong(),
                            r.path("compilation_duration_ms").asLong(), r.path("execution_duration_ms").asLong(),
                            r.path("total_task_duration_ms").asLong(), OptionalLong.empty(), r.path("read_files").asLong(),
                            r.path("pruned_files").asLong(), readBytes,
                            Math.round(readBytes * r.path("read_io_cache_percent").asDouble() / 100),
                            r.path("spilled_local_bytes").asLong(), r.path("read_rows").asLong(), r.path("produced_rows").asLong(),
                            StatementTables.of(r.path("statement_text").asText(null)));
                }).toList());
    }

    /** Queries of the Query History API (https://docs.databricks.com/api/workspace/queryhistory/list), with metrics. */
    private static List<StatementFacts> apiQueries(JsonNode queries) {
        return sorted(StreamSupport.stream(queries.spliterator(), false).filter(q -> finished(q.path("status"))).map(q -> {
            JsonNode m = q.path("metrics");
            JsonNode photon = m.path("photon_total_time_ms");
            return new StatementFacts(q.path("query_id").asText(), q.path("statement_type").asText(""),
                    q.path("query_start_time_ms").asLong(), m.path("total_time_ms").asLong(q.path("duration").asLong()),
                    apiQueueMs(m), m.path("compilation_time_ms").asLong(), m.path("execution_time_ms").asLong(),
                    m.path("task_total_time_ms").asLong(), photon.isMissingNode() || photon.isNull() ? OptionalLong.empty()
                            : OptionalLong.of(photon.asLong()), m.path("read_files_count").asLong(), m.path("pruned_files_count").asLong(),
                    m.path("read_bytes").asLong(), m.path("read_cache_bytes").asLong(), m.path("spill_to_disk_bytes").asLong(),
                    m.path("rows_read_count").asLong(), m.path("rows_produced_count").asLong(q.path("rows_produced").asLong()),
                    StatementTables.of(q.path("query_text").asText(null)));
        }).toList());
    }

    /** From the first queue's start (provisioning, or waiting at capacity) to the start of compilation. */
    private static long apiQueueMs(JsonNode m) {
        long queued = List.of("provisioning_queue_start_timestamp", "overloading_queue_start_timestamp").stream()
                .mapToLong(k -> m.path(k).asLong()).filter(t -> t > 0).min().orElse(0);
        long compiled = m.path("query_compilation_start_timestamp").asLong();
        return queued > 0 && compiled > queued ? compiled - queued : 0;
    }

    private static boolean finished(JsonNode status) {
        return status.isMissingNode() || status.isNull() || status.asText().equals("FINISHED");
    }

    private static List<StatementFacts> sorted(List<StatementFacts> statements) {
        return statements.stream().sorted(Comparator.comparingLong(StatementFacts::startMs)).toList();
    }

    /** Epoch milliseconds, or an ISO timestamp as the table's TIMESTAMP columns come; 0 when absent. */
    private static long time(JsonNode value) {
        if (value.isNumber()) {
            return value.asLong();
        }
        String text = value.asText("");
        if (text.isEmpty() || text.equals("null")) {
            return 0;
        }
        if (text.chars().allMatch(Character::isDigit)) {
            return Long.parseLong(text);
        }
        try {
            return Instant.parse(text.contains("T") ? text : text.replace(' ', 'T') + (text.endsWith("Z") ? "" : "Z")).toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new QueryHistoryException("A time in the query history reads \"" + text + "\", not an ISO timestamp or epoch"
                    + " milliseconds: give times as the table or the API returns them.");
        }
    }
}
