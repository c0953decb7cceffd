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
}
