package io.sparkadvisor.databricks.serverless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.databricks.sdk.WorkspaceClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.billing.StatementRunner;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.SystemTables;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.knowledge.serverless.PerformanceMode;
import io.sparkadvisor.knowledge.serverless.ServerlessFixtures;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ServerlessRunReaderTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private WorkspaceEmulator emulator;
    private WorkspaceClient client;
    private JsonNode fixture;

    @BeforeEach
    void start() throws Exception {
        emulator = WorkspaceEmulator.start(null);
        client = emulator.client();
        fixture = JSON.readTree(ServerlessFixtures.json("nightly-orders"));
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    private ServerlessRunReader reader() {
        return new ServerlessRunReader(new StatementRunner(client, "wh-1", Duration.ofSeconds(30)), "1234567890123456",
                Optional.of(new QueryHistoryApi(client)));
    }

    private ServerlessRun read() {
        JsonNode run = fixture.path("run");
        return reader().read(run.path("job_id").asLong(), run.path("run_id").asLong(), run.path("start_time").asLong(),
                run.path("end_time").asLong(), (ObjectNode) fixture.path("job"));
    }

    @Test
    void readsTheRunsStatementsAndItsJobsServerlessRunsThroughParameterisedStatements() throws Exception {
        SystemTables.serveQueryHistory(emulator, ServerlessRunReader.COLUMNS, fixture);

        ServerlessRun run = read();

        assertEquals(ServerlessFixtures.run("nightly-orders"), run, "read through the warehouse as from the saved run file");
        assertEquals(PerformanceMode.PERFORMANCE_OPTIMIZED, run.mode());
        List<JsonNode> submitted = emulator.requests("POST", "/api/2.0/sql/statements").stream().map(r -> {
            try {
                return JSON.readTree(r.body());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }).toList();
        JsonNode history = submitted.stream().filter(s -> s.path("statement").asText().contains("system.query.history")).findFirst().orElseThrow();
        // The run id is a parameter, never spliced into the text; every column read is one the table documents.
        assertFalse(history.path("statement").asText().contains("880112"));
        assertEquals("880112", param(history, "run_id"));
        assertTrue(SystemTables.QUERY_HISTORY.keySet().containsAll(ServerlessRunReader.COLUMNS));
        JsonNode usage = submitted.stream().filter(s -> s.path("statement").asText().contains("system.billing.usage")).findFirst().orElseThrow();
        assertFalse(usage.path("statement").asText().contains("7311"));
        assertEquals("7311", param(usage, "job_id"));
        assertEquals("2026-10-30", param(usage, "from_date"), "30 days of the job's runs before this one");
    }

    @Test
    void thePhotonTimeTheTableLacksComesFromTheQueryHistoryApiByStatementId() throws Exception {
        SystemTables.serveQueryHistory(emulator, ServerlessRunReader.COLUMNS, fixture);
        String merge = "01f0c2a1-97d9-1f3a-8d16-4e2b7c9a0d55";
        emulator.queryHistory(JSON.readTree("[{\"query_id\": \"" + merge + "\", \"status\": \"FINISHED\", \"metrics\":"
                + " {\"photon_total_time_ms\": 3100000, \"task_total_time_ms\": 14900000}},"
                + " {\"query_id\": \"another-run\", \"status\": \"FINISHED\", \"metrics\": {\"photon_total_time_ms\": 5}}]"));

        ServerlessRun run = read();

        assertEquals(OptionalLong.of(3_100_000), run.statements().stream().filter(s -> s.statementId().equals(merge)).findFirst()
                .orElseThrow().photonMs());
        assertTrue(run.statements().stream().filter(s -> !s.statementId().equals(merge)).allMatch(s -> s.photonMs().isEmpty()));
        String query = emulator.requests("GET", "/api/2.0/sql/history/queries").get(0).query();
        assertTrue(query.contains("include_metrics=true") && query.contains("filter_by.statement_ids=" + merge), query);
    }

    @Test
    void noSelectOnQueryHistoryNamesTheGrants() {
        emulator.onStatement("FROM system.query.history", StatementScript.lacksSelectOn("system.query.history"));
        QueryHistoryUnavailableException e = assertThrows(QueryHistoryUnavailableException.class, this::read);
        assertTrue(e.getMessage().contains("does not have SELECT on Table 'system.query.history'"), e.getMessage());
        assertTrue(e.getMessage().contains("SELECT on system.query.history, system.billing.usage and system.billing.list_prices"),
                e.getMessage());
    }

    @Test
    void aRunWithNoRowsYetHasNoStatements() {
        // The table fills within about an hour of a statement: a run just ended may have none yet.
        emulator.onStatement("FROM system.query.history", StatementScript.succeeds(ServerlessRunReader.COLUMNS, List.of()));
        emulator.onStatement("AND is_serverless", StatementScript.succeeds(List.of("job_run_id"), List.of()));
        ServerlessRun run = read();
        assertTrue(run.statements().isEmpty());
        assertEquals(0, run.dollars());
    }

    private static String param(JsonNode submitted, String name) {
        for (JsonNode p : submitted.path("parameters")) {
            if (p.path("name").asText().equals(name)) {
                return p.path("value").asText();
            }
        }
        throw new AssertionError("no parameter " + name + " in " + submitted);
    }
}
