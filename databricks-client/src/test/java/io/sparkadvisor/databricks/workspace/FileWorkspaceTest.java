package io.sparkadvisor.databricks.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.apply.ClusterChange;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.billing.BillingQuery;
import io.sparkadvisor.databricks.billing.StatementFailedException;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.databricks.fetch.EventLog;
import io.sparkadvisor.databricks.fetch.EventLogUnavailableException;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The sample folder read directly, with no HTTP; the emulator is used only for its copy of the folder. */
class FileWorkspaceTest {
    WorkspaceEmulator copy;
    Workspace workspace;

    @BeforeEach
    void start() {
        copy = WorkspaceEmulator.startWithSample();
        workspace = Workspaces.fromDirectory(copy.root());
    }

    @AfterEach
    void stop() {
        copy.close();
    }

    @Test
    void resolvesEveryFormOffline() {
        RunRef expected = new RunRef(1001, 7L, null);
        assertEquals(new RunRef(1001, 7L, 1L), workspace.resolve("https://x.cloud.databricks.com/?o=1#job/7/run/1001"));
        assertEquals(expected, workspace.resolve("run:1001"));
        assertEquals(expected, workspace.resolve("7"));
        assertEquals(expected, workspace.resolve("nightly-etl"));
        assertThrows(WorkspaceNotFoundException.class, () -> workspace.resolve("run:5"));
    }

    @Test
    void fetchesTheSameTelemetryAsTheLiveWorkspace() throws IOException {
        RunTelemetry offline = workspace.fetch(new RunRef(1001, 7L, null));
        RunTelemetry online = Workspaces.connect(copy.client(), null).fetch(new RunRef(1001, 7L, null));

        assertEquals(online.clusters().stream().map(c -> c.clusterId() + c.taskKeys() + c.clusterJson() + c.events()).toList(),
                offline.clusters().stream().map(c -> c.clusterId() + c.taskKeys() + c.clusterJson() + c.events()).toList());
        assertEquals(online.jobSettingsJson(), offline.jobSettingsJson());
        assertEquals(online.nodeTypesJson(), offline.nodeTypesJson());
        List<LogPart> parts = offline.clusters().get(0).eventLog().parts();
        List<LogPart> remote = online.clusters().get(0).eventLog().parts();
        assertEquals(remote.stream().map(LogPart::name).toList(), parts.stream().map(LogPart::name).toList());
        for (int i = 0; i < parts.size(); i++) {
            try (InputStream a = parts.get(i).open(); InputStream b = remote.get(i).open()) {
                assertTrue(Arrays.equals(a.readAllBytes(), b.readAllBytes()));
            }
        }
        try (InputStream in = new GZIPInputStream(parts.get(0).open())) {
            assertTrue(new String(in.readAllBytes()).contains("SparkListenerApplicationStart"));
        }
        assertEquals(parts.get(1).size(), remote.get(1).size());
    }

    @Test
    void missingLogAndLiveRestOffline() {
        var missing = workspace.fetch(new RunRef(2001, 8L, null)).clusters().get(0).eventLog();
        assertTrue(assertThrows(EventLogUnavailableException.class, missing::parts).getMessage().contains("cluster_log_conf"));
        var live = assertInstanceOf(EventLog.Live.class, workspace.fetch(new RunRef(3001, null, null)).clusters().get(0).eventLog());
        assertTrue(live.rest().get("applications?status=running").contains("app-live"));
    }

    @Test
    void applyAndRestoreRewriteTheJobFile() {
        var before = workspace.settings(7);
        var applied = workspace.apply(7, ClusterChange.sparkConf(new ClusterTarget.JobCluster("main"),
                "spark.sql.files.maxPartitionBytes", "33554432"), before.fingerprint());
        assertTrue(workspace.settings(7).settingsJson().contains("\"spark.sql.files.maxPartitionBytes\":\"33554432\""));
        assertEquals(before.settingsJson(), workspace.restore(7, applied.step()).settingsJson());
    }

    @Test
    void billingFromRecordedResults() {
        var result = workspace.query(new BillingQuery("weekly-job-cost", "SELECT ...", List.of()));
        assertEquals(List.of("job_id", "week_start", "dbus", "list_cost"), result.columns());
        assertEquals(Arrays.asList("8", "2023-11-13", "10.0", null), result.rows().get(1));
        assertThrows(StatementFailedException.class, () -> workspace.query(new BillingQuery("other", "SELECT 1", List.of())));
    }

    @Test
    void idsCannotEscapeTheFolder() {
        var e = assertThrows(WorkspaceException.class, () -> new FileWorkspaceSource(copy.root()).cluster("../../etc/passwd"));
        assertTrue(e.getMessage().contains("leaves the workspace folder"), e.getMessage());
    }
}
