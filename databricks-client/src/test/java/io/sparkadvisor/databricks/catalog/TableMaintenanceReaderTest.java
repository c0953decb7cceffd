package io.sparkadvisor.databricks.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.databricks.SdkWorkspaceSource;
import io.sparkadvisor.databricks.billing.StatementRunner;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.knowledge.facts.TableMaintenance;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** tables/get and predictive optimization's history through the SDK against the emulated workspace. */
class TableMaintenanceReaderTest {
    private static final String HISTORY = "system.storage.predictive_optimization_operations_history";
    private WorkspaceEmulator emulator;

    @BeforeEach
    void start() {
        emulator = WorkspaceEmulator.start(null);
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    private Optional<TableMaintenance> read(String table) {
        return new TableMaintenanceReader(new SdkWorkspaceSource(emulator.client()),
                new StatementRunner(emulator.client(), "wh-1", Duration.ofSeconds(30)), Duration.ofSeconds(30)).read(table);
    }

    @Test
    void aManagedTableUnderPredictiveOptimizationAndItsLastOptimize() throws Exception {
        emulator.addDeltaTable("main.sales.orders", "MANAGED", "s3://lake/orders", "ENABLE");
        emulator.onStatement(HISTORY, StatementScript.succeeds(List.of("operation_type", "operation_status", "end_time"),
                List.of(List.of(List.of("COMPACTION", "SUCCESSFUL", "2026-12-02T03:10:00.000Z")))));
        TableMaintenance t = read("main.sales.orders").orElseThrow();
        assertTrue(t.optimizedByDatabricks());
        assertEquals(Optional.of(Instant.parse("2026-12-02T03:10:00Z").toEpochMilli()), t.lastOptimizeMs());
        JsonNode submit = new ObjectMapper().readTree(emulator.requests("POST", "/api/2.0/sql/statements").get(0).body());
        assertFalse(submit.path("statement").asText().contains("orders"), "the table's name is a parameter, not SQL text");
        assertEquals("orders", submit.path("parameters").path(2).path("value").asText());
    }

    @Test
    void predictiveOptimizationDisabledOrAnExternalTableIsNotMaintained() {
        emulator.addDeltaTable("main.sales.refunds", "MANAGED", "s3://lake/refunds", "DISABLE");
        emulator.addDeltaTable("main.sales.raw", "EXTERNAL", "s3://lake/raw", "ENABLE");
        emulator.onStatement(HISTORY, StatementScript.succeeds(List.of("operation_type", "operation_status", "end_time"), List.of()));
        assertFalse(read("main.sales.refunds").orElseThrow().optimizedByDatabricks());
        assertFalse(read("main.sales.raw").orElseThrow().optimizedByDatabricks());
        assertEquals(Optional.empty(), read("main.sales.missing"));
    }

    /** No SELECT on the history: predictive optimization still manages the table; only when it last ran is unknown. */
    @Test
    void historyTheAdvisorMayNotReadLeavesOnlyTheLastRunUnknown() {
        emulator.addDeltaTable("main.sales.orders", "MANAGED", "s3://lake/orders", "ENABLE");
        emulator.onStatement(HISTORY, StatementScript.lacksSelectOn(HISTORY));
        TableMaintenance t = read("main.sales.orders").orElseThrow();
        assertTrue(t.optimizedByDatabricks());
        assertEquals(Optional.empty(), t.lastOptimizeMs());
    }
}
