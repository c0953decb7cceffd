package io.sparkadvisor.databricks.billing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.databricks.sdk.WorkspaceClient;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class StatementRunnerTest {
    static WorkspaceEmulator emulator;
    static WorkspaceClient client;

    @BeforeAll
    static void start() {
        emulator = WorkspaceEmulator.start(null);
        client = emulator.client();
    }

    @AfterAll
    static void stop() {
        emulator.close();
    }

    @Test
    void pendingThenSucceededWithSeveralChunks() throws Exception {
        emulator.onStatement("system.billing.usage", StatementScript.succeeds(List.of("job_id", "dbus"), List.of(
                List.of(List.of("7", "120.5"), List.of("8", "10.0")),
                List.of(List.of("9", "1.5")),
                List.of(List.of("10", "0.25")))).afterPolls(2));
        var query = new BillingQuery("weekly-job-cost", "SELECT job_id, SUM(usage_quantity) FROM system.billing.usage"
                + " WHERE usage_date >= date_sub(current_date(), :days) GROUP BY ALL", List.of(new SqlParameter("days", "7", "INT")));

        QueryResult result = new StatementRunner(client, "wh-1", Duration.ofSeconds(30)).run(query);

        assertEquals(List.of("job_id", "dbus"), result.columns());
        assertEquals(List.of(List.of("7", "120.5"), List.of("8", "10.0"), List.of("9", "1.5"), List.of("10", "0.25")), result.rows());
        var submit = new ObjectMapper().readTree(emulator.requests("POST", "/api/2.0/sql/statements").stream()
                .filter(r -> r.body().contains("system.billing.usage")).findFirst().orElseThrow().body());
        assertEquals("wh-1", submit.path("warehouse_id").asText());
        assertEquals("10s", submit.path("wait_timeout").asText());
        assertEquals("INLINE", submit.path("disposition").asText());
        assertEquals("{\"type\":\"INT\",\"name\":\"days\",\"value\":\"7\"}", submit.path("parameters").path(0).toString());
        assertTrue(emulator.requests().stream().anyMatch(r -> r.path().endsWith("/result/chunks/2")));
    }

    @Test
    void failedStatementCarriesTheWarehousesMessage() {
        emulator.onStatement("no_such_table", StatementScript.fails("[TABLE_OR_VIEW_NOT_FOUND] The table `no_such_table` cannot be found."));
        var e = assertThrows(StatementFailedException.class, () -> new StatementRunner(client, "wh-1", Duration.ofSeconds(30))
                .run(new BillingQuery("broken", "SELECT * FROM no_such_table", List.of())));
        assertEquals("Billing query broken ended FAILED on SQL warehouse wh-1: [TABLE_OR_VIEW_NOT_FOUND] The table"
                + " `no_such_table` cannot be found.", e.getMessage());
    }

    @Test
    void statementStillRunningAtTheDeadlineIsCancelled() {
        emulator.onStatement("pg_sleep", StatementScript.neverFinishing());
        var e = assertThrows(StatementFailedException.class, () -> new StatementRunner(client, "wh-1", Duration.ofMillis(800))
                .run(new BillingQuery("slow", "SELECT pg_sleep(600)", List.of())));
        assertTrue(e.getMessage().contains("did not finish within"), e.getMessage());
        assertEquals(1, emulator.requests().stream().filter(r -> r.path().endsWith("/cancel")).count());
    }

    @Test
    void aStoppedWarehouseStartsOnTheStatementWhichWaitsPendingUntilItRuns() {
        emulator.stopWarehouse("wh-stopped", 3);
        emulator.onStatement("FROM sales", StatementScript.succeeds(List.of("market_id", "rows"), List.of(List.of(List.of("7", "8500000"))))
                .typed(List.of("INT", "LONG")));
        StatementRunner warehouse = new StatementRunner(client, "wh-stopped", Duration.ofSeconds(30));
        assertEquals("STOPPED", warehouse.state());

        StatementResult result = warehouse.execute(new Statement("top values", "SELECT market_id, COUNT(*) AS rows FROM sales GROUP BY 1",
                List.of(), 20L, 4096L), Duration.ofSeconds(30));

        assertEquals(List.of(List.of("7", "8500000")), result.rows());
        assertEquals(List.of("INT", "LONG"), result.types());
        assertEquals("RUNNING", warehouse.state());
    }

    @Test
    void theRowAndByteLimitsGoWithTheStatementAndACutResultSaysSo() throws Exception {
        List<List<String>> rows = java.util.stream.IntStream.range(0, 30).mapToObj(i -> List.of("v" + i, "1")).toList();
        emulator.onStatement("FROM wide", StatementScript.succeeds(List.of("v", "rows"), List.of(rows.subList(0, 15), rows.subList(15, 30))));
        StatementRunner warehouse = new StatementRunner(client, "wh-1", Duration.ofSeconds(30));

        StatementResult byRows = warehouse.execute(new Statement("top", "SELECT v FROM wide", List.of(), 20L, null), Duration.ofSeconds(30));
        StatementResult byBytes = warehouse.execute(new Statement("top", "SELECT v FROM wide", List.of(), null, 45L), Duration.ofSeconds(30));
        StatementResult whole = warehouse.execute(new Statement("top", "SELECT v FROM wide", List.of(), 30L, null), Duration.ofSeconds(30));

        assertEquals(rows.subList(0, 20), byRows.rows());
        assertTrue(byRows.truncated());
        assertEquals(rows.subList(0, 4), byBytes.rows(), "each row is 10 bytes of JSON: four fit in 45");
        assertTrue(byBytes.truncated());
        assertEquals(rows, whole.rows());
        assertTrue(!whole.truncated());
        var submit = new ObjectMapper().readTree(emulator.requests("POST", "/api/2.0/sql/statements").stream()
                .filter(r -> r.body().contains("FROM wide")).findFirst().orElseThrow().body());
        assertEquals(20, submit.path("row_limit").asInt());
        assertEquals("CONTINUE", submit.path("on_wait_timeout").asText());
    }

    @Test
    void aMissingGrantAndAWarehouseThatRefusesTheIdentityAreToldApart() {
        emulator.onStatement("FROM main.sales.orders", StatementScript.lacksSelectOn("main.sales.orders"));
        var noSelect = assertThrows(StatementFailedException.class, () -> new StatementRunner(client, "wh-1", Duration.ofSeconds(30))
                .execute(new Statement("top", "SELECT 1 FROM main.sales.orders", List.of(), null, null), Duration.ofSeconds(30)));
        assertEquals(StatementFailedException.Kind.MISSING_PRIVILEGE, noSelect.kind());

        emulator.refuseWarehouse("wh-private");
        var noUse = assertThrows(StatementFailedException.class, () -> new StatementRunner(client, "wh-private", Duration.ofSeconds(30))
                .execute(new Statement("top", "SELECT 1 FROM main.sales.orders", List.of(), null, null), Duration.ofSeconds(30)));
        assertEquals(StatementFailedException.Kind.NO_WAREHOUSE_ACCESS, noUse.kind());
        assertTrue(noUse.getMessage().contains("CAN USE on the warehouse"), noUse.getMessage());
        assertEquals("advisor@example.com", new StatementRunner(client, "wh-1", Duration.ofSeconds(30)).principal());
    }
}
