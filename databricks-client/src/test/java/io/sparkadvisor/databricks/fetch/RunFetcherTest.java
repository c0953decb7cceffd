package io.sparkadvisor.databricks.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.SampleWorkspaceTest;
import io.sparkadvisor.databricks.SdkWorkspaceSource;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.WorkspacePermissionException;
import io.sparkadvisor.databricks.emulator.RecordedRequest;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFetcherTest extends SampleWorkspaceTest {
    /** Every path SDK 0.141.0 uses for what this module does; anything else would be an invented API. */
    static final Pattern REAL_SDK_PATHS = Pattern.compile("/\\.well-known/databricks-config|/oidc/\\.well-known/oauth-authorization-server"
            + "|/api/2\\.2/jobs/(runs/get|runs/list|list|get|update|reset)|/api/2\\.1/clusters/(get|list-node-types|events)"
            + "|/api/2\\.0/dbfs/(list|read)|/api/2\\.0/fs/(files|directories)/Volumes/.+|/driver-proxy-api/o/\\d+/[^/]+/40001/api/v1/.+");

    @Test
    void multiTaskRunWithASharedJobClusterAndAnExistingCluster() throws IOException {
        RunTelemetry telemetry = workspace.fetch(new RunRef(1001, 7L, null));

        assertEquals(3, telemetry.run().tasks().size());
        assertEquals(240000L, telemetry.run().tasks().get(0).setupMs());
        List<ClusterTelemetry> clusters = telemetry.clusters();
        assertEquals(List.of("0923-job-main", "0101-allpurpose"), clusters.stream().map(ClusterTelemetry::clusterId).toList());
        assertEquals(List.of("ingest", "transform"), clusters.get(0).taskKeys());
        assertEquals(List.of("report"), clusters.get(1).taskKeys());
        assertTrue(clusters.get(0).clusterJson().contains("\"cluster_log_conf\":{\"dbfs\":{\"destination\":\"dbfs:/cluster-logs\"}}"));
        assertTrue(clusters.get(1).clusterJson().contains("\"autoscale\":{\"max_workers\":8,\"min_workers\":2}"),
                clusters.get(1).clusterJson());
        assertTrue(telemetry.jobSettingsJson().contains("\"job_cluster_key\":\"main\""));
        assertTrue(telemetry.nodeTypesJson().contains("\"node_type_id\":\"r5d.2xlarge\""));
    }

    @Test
    void clusterEventsOfTheRunWindowOnly() {
        var events = workspace.fetch(new RunRef(1001, 7L, null)).clusters().get(0).events();
        assertEquals(List.of("CREATING", "RUNNING", "RESIZING", "UPSIZE_COMPLETED", "TERMINATING"),
                events.stream().map(ClusterEventSummary::type).toList());
        assertEquals(new ClusterEventSummary(1700001200000L, "RESIZING", 4L, 6L, "AUTORECOVERY"), events.get(2));
        assertEquals("JOB_FINISHED", events.get(4).detail());
        assertEquals(null, workspace.fetch(new RunRef(1001, 7L, null)).clusters().get(0).eventsUnavailable());
    }

    @Test
    void aDeletedClustersRunIsStillReadFromItsOwnSpecAndLogs(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("eventlog");
        Files.writeString(log, "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"gone\"}\n");
        emulator.putFile("dbfs/cluster-logs/0926-deleted/eventlog/0926-deleted_10_0_0_4/44/eventlog", log);
        emulator.addRun(8, "{\"run_id\":2004,\"state\":{\"life_cycle_state\":\"TERMINATED\"},\"start_time\":1700000000000,"
                + "\"tasks\":[{\"task_key\":\"only\",\"cluster_instance\":{\"cluster_id\":\"0926-deleted\",\"spark_context_id\":\"44\"},"
                + "\"new_cluster\":{\"num_workers\":3,\"node_type_id\":\"i3.xlarge\","
                + "\"cluster_log_conf\":{\"dbfs\":{\"destination\":\"dbfs:/cluster-logs\"}}}}]}", null);

        ClusterTelemetry cluster = workspace.fetch(new RunRef(2004, 8L, null)).clusters().get(0);

        assertEquals(List.of(), cluster.events());
        assertEquals("The events of cluster 0926-deleted (resizes, lost nodes, autoscaling) are unavailable because the"
                + " cluster was deleted; this analysis uses the cluster spec recorded with the run and the delivered logs,"
                + " without cluster events.", cluster.eventsUnavailable());
        assertTrue(cluster.clusterJson().contains("\"num_workers\":3"), cluster.clusterJson());
        try (InputStream in = cluster.eventLog().parts().get(0).open()) {
            assertTrue(text(in).contains("\"App Name\":\"gone\""));
        }
    }

    @Test
    void theEmulatorAnswersEventsOfADeletedClusterAsTheApiDoes() {
        var e = assertThrows(WorkspaceNotFoundException.class,
                () -> new SdkWorkspaceSource(emulator.client()).clusterEvents("0923-nolog", 0, Long.MAX_VALUE));
        assertTrue(e.getMessage().contains("Cluster 0923-nolog does not exist"), e.getMessage());
    }

    @Test
    void aSingleTaskRunNamingItsClusterOnTheRunUsesTheRunsClusterSpec() {
        emulator.addRun(8, "{\"run_id\":2005,\"state\":{\"life_cycle_state\":\"TERMINATED\"},\"start_time\":1700000000000,"
                + "\"cluster_instance\":{\"cluster_id\":\"0927-legacy\",\"spark_context_id\":\"5\"},"
                + "\"cluster_spec\":{\"new_cluster\":{\"num_workers\":5,\"node_type_id\":\"i3.xlarge\"}},"
                + "\"tasks\":[{\"task_key\":\"main\"}]}", null);

        List<ClusterTelemetry> clusters = workspace.fetch(new RunRef(2005, 8L, null)).clusters();

        assertEquals(List.of("0927-legacy"), clusters.stream().map(ClusterTelemetry::clusterId).toList());
        assertEquals(List.of("main"), clusters.get(0).taskKeys());
        assertTrue(clusters.get(0).clusterJson().contains("\"num_workers\":5"), clusters.get(0).clusterJson());
        assertTrue(clusters.get(0).eventsUnavailable().contains("cluster was deleted"));
    }

    @Test
    void clusterEventsArePaged() {
        StringBuilder json = new StringBuilder("{\"events\":[");
        for (int i = 0; i < 1200; i++) {
            json.append(i == 0 ? "" : ",").append("{\"cluster_id\":\"0101-live\",\"timestamp\":").append(1700000000001L + i)
                    .append(",\"type\":\"AUTOSCALING_STATS_REPORT\"}");
        }
        emulator.putJson("cluster-events/0101-live.json", json.append("]}").toString());
        emulator.clearRequests();
        var events = workspace.fetch(new RunRef(3001, null, null)).clusters().get(0).events();
        assertEquals(1200, events.size());
        assertEquals(3, emulator.requests("POST", "/api/2.1/clusters/events").size());
    }

    @Test
    void deliveredDbfsLogIsRolledFilesOldestFirstOfTheRunsSparkContext() throws IOException {
        EventLog log = workspace.fetch(new RunRef(1001, 7L, null)).clusters().get(0).eventLog();
        var delivered = assertInstanceOf(EventLog.Delivered.class, log);
        assertEquals("dbfs:/cluster-logs/0923-job-main/eventlog", delivered.folder());
        assertEquals(List.of("eventlog-2023-11-14--22-00.gz", "eventlog"), delivered.parts().stream().map(LogPart::name).toList());
        try (InputStream rolled = new GZIPInputStream(delivered.parts().get(0).open())) {
            assertTrue(text(rolled).startsWith("{\"Event\": \"SparkListenerApplicationStart\", \"App Name\": \"nightly\""));
        }
        try (InputStream live = delivered.parts().get(1).open()) {
            assertTrue(text(live).contains("SparkListenerApplicationEnd"));
        }
    }

    @Test
    void volumeLogIsStreamedThroughTheFilesApi() throws IOException {
        List<LogPart> parts = workspace.fetch(new RunRef(1001, 7L, null)).clusters().get(1).eventLog().parts();
        emulator.clearRequests();
        try (InputStream in = parts.get(0).open()) {
            assertTrue(text(in).contains("\"App Name\": \"shared\""));
        }
        assertEquals(1, emulator.requests("GET", "/api/2.0/fs/files/Volumes/main/ops/logs/0101-allpurpose/eventlog/0101-allpurpose_10_0_0_9/222/eventlog").size());
    }

    @Test
    void missingLogSaysWhichSettingEnablesIt() {
        ClusterTelemetry cluster = workspace.fetch(new RunRef(2001, 8L, null)).clusters().get(0);
        assertTrue(cluster.clusterJson().contains("\"num_workers\":2"), "falls back to the declared spec of a purged cluster");
        assertTrue(cluster.eventsUnavailable().startsWith("The events of cluster 0923-nolog"), cluster.eventsUnavailable());
        var e = assertThrows(EventLogUnavailableException.class, () -> cluster.eventLog().parts());
        assertEquals("Cluster 0923-nolog (tasks only) has no log delivery, so its Spark event log is not kept where the"
                + " advisor can read it. Set cluster_log_conf on that cluster (in the job's cluster definition, or Advanced"
                + " options > Logging in the UI), e.g. {\"cluster_log_conf\":{\"dbfs\":{\"destination\":\"dbfs:/cluster-logs\"}}}"
                + " ; the next run will then be readable.", e.getMessage());
    }

    @Test
    void logsDeliveredToAMountAreExplainedWithoutReadingThem(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("eventlog");
        Files.writeString(log, "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"mounted\"}\n");
        emulator.putJson("clusters/0925-mounted.json", "{\"cluster_id\":\"0925-mounted\",\"state\":\"TERMINATED\","
                + "\"cluster_log_conf\":{\"dbfs\":{\"destination\":\"dbfs:/mnt/team-logs\"}}}");
        emulator.addRun(8, "{\"run_id\":2003,\"state\":{\"life_cycle_state\":\"TERMINATED\"},\"start_time\":1700000000000,"
                + "\"tasks\":[{\"task_key\":\"only\",\"cluster_instance\":{\"cluster_id\":\"0925-mounted\",\"spark_context_id\":\"1\"}}]}", log);
        emulator.clearRequests();

        EventLog eventLog = workspace.fetch(new RunRef(2003, 8L, null)).clusters().get(0).eventLog();

        var e = assertThrows(EventLogUnavailableException.class, eventLog::parts);
        assertTrue(e.getMessage().startsWith("Cluster 0925-mounted delivers its logs to dbfs:/mnt/team-logs, a DBFS mount,"
                + " and mounts cannot be read through the Databricks API"), e.getMessage());
        assertTrue(e.getMessage().contains("/Volumes/<catalog>/<schema>/<volume>/cluster-logs") && e.getMessage().contains("dbfs:/cluster-logs"));
        assertFalse(e.getMessage().contains("CAN VIEW"), "a grant does not open a mount: " + e.getMessage());
        assertEquals(List.of(), emulator.requests("GET", "/api/2.0/dbfs/list"), "nothing under the mount is asked for");
    }

    @Test
    void theEmulatorRefusesMountsAsTheDbfsApiDoes() {
        emulator.putFile("dbfs/mnt/team-logs/x", emulator.root().resolve("node-types.json"));
        var source = new SdkWorkspaceSource(emulator.client());
        var e = assertThrows(WorkspacePermissionException.class, () -> source.listFiles("dbfs:/mnt/team-logs"));
        assertTrue(e.getMessage().contains("No operations allowed on this path"), e.getMessage());
        assertFalse(source.listFiles("dbfs:/cluster-logs").isEmpty(), "the DBFS root is still served");
    }

    @Test
    void anotherApplicationsLogIsNeverTakenForTheRuns() {
        emulator.addRun(7, "{\"run_id\":1005,\"state\":{\"life_cycle_state\":\"TERMINATED\"},\"start_time\":1700000000000,"
                + "\"tasks\":[{\"task_key\":\"ingest\",\"cluster_instance\":{\"cluster_id\":\"0923-job-main\",\"spark_context_id\":\"777\"}}]}", null);
        EventLog log = workspace.fetch(new RunRef(1005, 7L, null)).clusters().get(0).eventLog();
        var e = assertThrows(EventLogUnavailableException.class, log::parts);
        assertTrue(e.getMessage().startsWith("Cluster 0923-job-main delivers logs to dbfs:/cluster-logs but no Spark event log"
                + " was found under dbfs:/cluster-logs/0923-job-main/eventlog."), e.getMessage());
    }

    @Test
    void runningClusterWithoutLogOffersTheLiveSparkRestApi() {
        EventLog log = workspace.fetch(new RunRef(3001, null, null)).clusters().get(0).eventLog();
        var live = assertInstanceOf(EventLog.Live.class, log);
        assertTrue(live.rest().get("applications").contains("app-live"));
        assertTrue(assertThrows(EventLogUnavailableException.class, log::parts).getMessage().contains("0101-live"));
    }

    @Test
    void nodeTypesAreFetchedOncePerClient() {
        workspace.fetch(new RunRef(1001, 7L, null));
        emulator.clearRequests();
        workspace.fetch(new RunRef(1001, 7L, null));
        workspace.fetch(new RunRef(2001, 8L, null));
        assertEquals(0, emulator.requests("GET", "/api/2.1/clusters/list-node-types").size());
    }

    @Test
    void onlyTheSdksRealPathsAreCalled() {
        workspace.fetch(new RunRef(1001, 7L, null));
        workspace.fetch(new RunRef(3001, null, null)).clusters().get(0).eventLog();
        emulator.requests().forEach(r -> assertTrue(REAL_SDK_PATHS.matcher(r.path()).matches(), r.method() + " " + r.path()));
    }

    @Test
    void runsWithMoreThanAHundredTasksAreMergedAcrossPages() {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < 150; i++) {
            tasks.append(i == 0 ? "" : ",").append("{\"task_key\":\"t").append(i)
                    .append("\",\"job_cluster_key\":\"main\",\"cluster_instance\":{\"cluster_id\":\"0923-job-main\",\"spark_context_id\":\"111\"}}");
        }
        emulator.addRun(7, "{\"run_id\":4001,\"state\":{\"life_cycle_state\":\"RUNNING\"},\"start_time\":1700000000000,"
                + "\"job_clusters\":[{\"job_cluster_key\":\"main\",\"new_cluster\":{\"num_workers\":4}}],\"tasks\":[" + tasks + "]}", null);
        emulator.clearRequests();

        RunTelemetry telemetry = workspace.fetch(new RunRef(4001, 7L, null));

        assertEquals(150, telemetry.run().tasks().size());
        assertEquals(150, telemetry.clusters().get(0).taskKeys().size());
        assertEquals(1, telemetry.run().jobClusterKeys().size());
        assertEquals(List.of("0", "100"), emulator.requests("GET", "/api/2.2/jobs/runs/get").stream()
                .map(r -> r.param("page_token").orElse("0")).toList());
    }

    @Test
    void theNextRunOfAJobAndItsLogCanBeAdded(@TempDir Path dir) throws IOException {
        addSingleTaskRun(dir, 8, 2002, "0924-next", "10.1.2.3", "555", "next");

        RunRef next = workspace.resolve("job:8");

        assertEquals(new RunRef(2002, 8L, null), next);
        List<LogPart> parts = workspace.fetch(next).clusters().get(0).eventLog().parts();
        try (InputStream in = parts.get(0).open()) {
            assertTrue(text(in).contains("\"App Name\":\"next\""));
        }
    }

    /** Each read is a round trip to a real workspace: an ask reads its run once, its log's folder once, and the rest at once. */
    @Test
    void anAskReadsItsRunOnceAndWhatDoesNotDependOnEachOtherAtOnce(@TempDir Path dir) throws IOException {
        addSingleTaskRun(dir, 9, 2003, "0925-quick", "10.1.2.4", "556", "quick");
        emulator.clearRequests();
        // long enough that calls sent at once still overlap on a loaded machine, where starting a thread can take 100 ms
        emulator.latency(Duration.ofMillis(400));
        try {
            List<LogPart> parts = workspace.fetch(workspace.resolve("run:2003")).clusters().get(0).eventLog().parts();

            assertEquals(1, parts.size());
            assertEquals(1, emulator.requests("GET", "/api/2.2/jobs/runs/get").size());
            assertEquals(1, emulator.requests("GET", "/api/2.0/dbfs/list").size());
            assertTrue(emulator.mostCallsAtOnce() >= 3, "the job, the cluster and its events are read at once: "
                    + emulator.requests().stream().map(RecordedRequest::path).toList());
        } finally {
            emulator.latency(Duration.ZERO);
        }
    }

    /** A completed run of one task on a terminated job cluster that delivered a one-line log to DBFS. */
    private static void addSingleTaskRun(Path dir, long jobId, long runId, String clusterId, String driverIp, String contextId,
            String appName) throws IOException {
        emulator.putJson("clusters/" + clusterId + ".json", "{\"cluster_id\":\"" + clusterId + "\",\"state\":\"TERMINATED\","
                + "\"cluster_log_conf\":{\"dbfs\":{\"destination\":\"dbfs:/cluster-logs\"}},\"driver\":{\"private_ip\":\"" + driverIp + "\"}}");
        Path log = dir.resolve(appName + ".log");
        Files.writeString(log, "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"" + appName + "\"}\n");
        emulator.addRun(jobId, "{\"run_id\":" + runId + ",\"state\":{\"life_cycle_state\":\"TERMINATED\",\"result_state\":\"SUCCESS\"},"
                + "\"start_time\":1800000000000,\"tasks\":[{\"task_key\":\"only\",\"cluster_instance\":"
                + "{\"cluster_id\":\"" + clusterId + "\",\"spark_context_id\":\"" + contextId + "\"}}]}", log);
    }

    static String text(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
}
