package io.sparkadvisor.databricks.serverless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.SystemTables;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.serverless.ServerlessFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A serverless job run fetched as any run (its one task on an environment, no cluster), then read through the workspace. */
class ServerlessRunOfAWorkspaceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private WorkspaceEmulator emulator;
    private JsonNode fixture;

    @BeforeEach
    void start() throws Exception {
        emulator = WorkspaceEmulator.startWithSample();
        fixture = JSON.readTree(ServerlessFixtures.json("nightly-orders"));
        emulator.putJson("jobs/7311.json", fixture.path("job").toString());
        ObjectNode run = fixture.path("run").deepCopy();
        run.putArray("tasks").addObject().put("task_key", "orders").put("run_id", 880113).put("environment_key", "default")
                .set("state", run.path("state"));
        emulator.putJson("runs/880112.json", run.toString());
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    @Test
    void aRunWhoseTasksNameNoClusterIsServerlessAndIsReadFromItsStatements() {
        Workspace workspace = Workspaces.connect(emulator.client(), "wh-1");
        SystemTables.serveQueryHistory(emulator, ServerlessRunReader.COLUMNS, fixture);
        RunTelemetry telemetry = workspace.fetch(new RunRef(880112, 7311L, null));
        assertTrue(telemetry.run().serverless());
        assertEquals(ServerlessFixtures.run("nightly-orders"), workspace.serverless(telemetry), "as from the saved run file");
    }

    @Test
    void aClassicRunIsNotServerless() {
        Workspace workspace = Workspaces.connect(emulator.client(), "wh-1");
        RunRef classic = workspace.resolve("job:7");
        assertFalse(workspace.fetch(classic).run().serverless());
    }

    @Test
    void withoutAWarehouseTheAnswerSaysWhichSettingReadsIt() {
        Workspace workspace = Workspaces.connect(emulator.client(), null);
        RunTelemetry telemetry = workspace.fetch(new RunRef(880112, 7311L, null));
        QueryHistoryUnavailableException e = assertThrows(QueryHistoryUnavailableException.class, () -> workspace.serverless(telemetry));
        assertTrue(e.getMessage().startsWith("Run 880112 ran on serverless compute, which keeps no Spark event log")
                && e.getMessage().contains("Set DATABRICKS_WAREHOUSE_ID"), e.getMessage());
    }
}
