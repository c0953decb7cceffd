package io.sparkadvisor.databricks.billing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SystemTableCostsTest {
    static final List<String> WEEKLY_COLUMNS = List.of("job_id", "job_name", "runs", "dbus", "cost", "previous_runs", "previous_cost",
            "currency", "total_cost", "total_previous_cost");

    WorkspaceEmulator emulator;
    Workspace workspace;

    @BeforeEach
    void start() {
        emulator = WorkspaceEmulator.startWithSample();
        workspace = Workspaces.connect(emulator.client(), "wh-1");
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    @Test
    void weeklyCostsArriveAggregatedInSeveralChunksAfterPolling() throws Exception {
        emulator.onStatement("system.billing.usage", StatementScript.succeeds(WEEKLY_COLUMNS, List.of(
                List.of(List.of("7", "nightly-etl", "14", "700.5", "385.275000", "14", "300.000000", "USD", "512.40", "420.00")),
                List.of(List.of("9", "hourly-sync", "168", "200", "110.000000", "160", "100.000000", "USD", "512.40", "420.00"),
                        Arrays.asList("8", null, "0", "0", "0", "3", "20.000000", "USD", "512.40", "420.00")))).afterPolls(2));

        WeeklyCosts costs = new SystemTableCosts(workspace::query, null).weekly(LocalDate.parse("2026-11-30"), 10);

        assertEquals(new BigDecimal("512.40"), costs.total());
        assertEquals(new BigDecimal("420.00"), costs.previousTotal());
        assertEquals("USD", costs.currency());
        assertEquals(new JobCost("7", "nightly-etl", 14, new BigDecimal("700.5"), new BigDecimal("385.275000"), 14,
                new BigDecimal("300.000000")), costs.jobs().get(0));
        assertEquals(List.of("7", "9", "8"), costs.jobs().stream().map(JobCost::jobId).toList());
        assertEquals(new BigDecimal("-20.000000"), costs.jobs().get(2).change());
        JsonNode submitted = submitted();
        assertEquals("{\"type\":\"DATE\",\"name\":\"from_date\",\"value\":\"2026-11-23\"}", submitted.path("parameters").path(0).toString());
        assertEquals("2026-12-07", submitted.path("parameters").path(2).path("value").asText());
        String sql = submitted.path("statement").asText();
        assertTrue(sql.contains("JOIN system.billing.list_prices") && sql.contains("GROUP BY p.workspace_id, p.job_id")
                && sql.contains("usage_metadata.job_id IS NOT NULL") && sql.contains("<= :top"), sql);
        assertTrue(emulator.requests().stream().anyMatch(r -> r.path().endsWith("/result/chunks/1")));
    }

    @Test
    void aKnownWorkspaceKeepsTheAccountWideTablesToItAndAnUnknownOneReadsThemAll() throws Exception {
        emulator.onStatement("system.billing.usage", StatementScript.succeeds(WEEKLY_COLUMNS, List.of(List.of())));

        new SystemTableCosts(workspace::query, "1234567890").weekly(LocalDate.parse("2026-11-30"), 10);
        JsonNode scoped = submitted();
        assertTrue(scoped.path("statement").asText().contains("(:workspace_id = '' OR u.workspace_id = :workspace_id)"));
        assertEquals("{\"type\":\"STRING\",\"name\":\"workspace_id\",\"value\":\"1234567890\"}",
                scoped.path("parameters").path(4).toString());

        emulator.clearRequests();
        new SystemTableCosts(workspace::query, null).daily(List.of("7"), LocalDate.parse("2026-11-30"), LocalDate.parse("2026-12-07"));
        assertEquals("", submitted().path("parameters").path(3).path("value").asText(), "every workspace");
    }

    @Test
    void tablesThatCannotBeReadNameTheGrantOrTheEstimate() {
        emulator.onStatement("system.billing.usage", StatementScript.fails(
                "[INSUFFICIENT_PERMISSIONS] Insufficient privileges: User does not have USE SCHEMA on Schema 'system.billing'."));
        var e = assertThrows(BillingUnavailableException.class,
                () -> new SystemTableCosts(workspace::query, null).weekly(LocalDate.parse("2026-11-30"), 10));
        assertTrue(e.getMessage().startsWith("The billing system tables cannot be read (Billing query weekly-job-cost ended FAILED"), e.getMessage());
        assertTrue(e.getMessage().contains("[INSUFFICIENT_PERMISSIONS]"), e.getMessage());
        assertTrue(e.getMessage().endsWith(SystemTableCosts.FIX), e.getMessage());
    }

    @Test
    void anotherFailureStaysAStatementFailure() {
        emulator.onStatement("system.billing.usage", StatementScript.fails("[DIVIDE_BY_ZERO] Division by zero."));
        var e = assertThrows(StatementFailedException.class,
                () -> new SystemTableCosts(workspace::query, null).daily(List.of("7"), LocalDate.parse("2026-11-30"), LocalDate.parse("2026-12-07")));
        assertEquals(StatementFailedException.class, e.getClass());
        assertTrue(e.getMessage().contains("DIVIDE_BY_ZERO"), e.getMessage());
    }

    @Test
    void withoutAWarehouseBillingIsUnavailable() {
        Workspace noWarehouse = Workspaces.connect(emulator.client(), null);
        var e = assertThrows(BillingUnavailableException.class,
                () -> new SystemTableCosts(noWarehouse::query, null).weekly(LocalDate.parse("2026-11-30"), 10));
        assertTrue(e.getMessage().contains("DATABRICKS_WAREHOUSE_ID is not set"), e.getMessage());
        assertTrue(emulator.requests("POST", "/api/2.0/sql/statements").isEmpty());
    }

    @Test
    void dailyAndPerRunCostsAreTyped() {
        emulator.onStatement("GROUP BY job_id, usage_date", StatementScript.succeeds(List.of("job_id", "usage_date", "cost"),
                List.of(List.of(List.of("7", "2026-11-30", "55.5")))));
        emulator.onStatement("GROUP BY job_id, job_run_id", StatementScript.succeeds(List.of("job_id", "job_run_id", "start_ms", "cost"),
                List.of(List.of(List.of("7", "1001", "1795996800000", "27.25")))));
        var costs = new SystemTableCosts(workspace::query, null);
        LocalDate from = LocalDate.parse("2026-11-30");

        assertEquals(List.of(new DailyCost("7", from, new BigDecimal("55.5"))), costs.daily(List.of("7", "9"), from, from.plusDays(7)));
        assertEquals(List.of(new RunCost("7", "1001", Instant.parse("2026-11-30T00:00:00Z"), new BigDecimal("27.25"))),
                costs.perRun(List.of("7"), from, from.plusDays(7)));
        assertTrue(emulator.requests("POST", "/api/2.0/sql/statements").stream().allMatch(r -> r.body().contains("\"value\":\"7,9\"")
                || r.body().contains("\"value\":\"7\"")));
    }

    private JsonNode submitted() throws Exception {
        return new ObjectMapper().readTree(emulator.requests("POST", "/api/2.0/sql/statements").get(0).body());
    }
}
