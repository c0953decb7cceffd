package io.sparkadvisor.databricks.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class JobSettingsEditorTest {
    static final ObjectMapper JSON = new ObjectMapper();

    WorkspaceEmulator emulator;
    Workspace workspace;

    @BeforeEach
    void start() {
        emulator = WorkspaceEmulator.startWithSample();
        workspace = Workspaces.connect(emulator.client(), null);
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    @Test
    void changeSendsTheWholeJobClusterEntryAndNothingElse() throws IOException {
        SettingsSnapshot before = workspace.settings(7);
        ClusterChange change = new ClusterChange(new ClusterTarget.JobCluster("main"),
                Map.of("spark.sql.shuffle.partitions", "400"), Map.of("SPARK_WORKER_CORES", "6"), 6L, null, null, "i3.2xlarge");
        emulator.clearRequests();

        AppliedChange applied = workspace.apply(7, change, before.fingerprint());

        JsonNode body = JSON.readTree(emulator.requests("POST", "/api/2.2/jobs/update").get(0).body());
        assertEquals(7, body.path("job_id").asLong());
        assertEquals(1, body.path("new_settings").size(), "only job_clusters is sent");
        JsonNode cluster = body.path("new_settings").path("job_clusters").path(0).path("new_cluster");
        assertEquals("15.4.x-scala2.12", cluster.path("spark_version").asText(), "the whole entry, since update replaces it");
        assertEquals("dbfs:/cluster-logs", cluster.path("cluster_log_conf").path("dbfs").path("destination").asText());
        assertEquals("400", cluster.path("spark_conf").path("spark.sql.shuffle.partitions").asText());
        assertEquals("6", cluster.path("spark_env_vars").path("SPARK_WORKER_CORES").asText());
        assertEquals("/databricks/python3/bin/python3", cluster.path("spark_env_vars").path("PYSPARK_PYTHON").asText());
        assertEquals(6, cluster.path("num_workers").asInt());
        assertEquals("i3.2xlarge", cluster.path("node_type_id").asText());

        assertEquals(before, applied.before());
        assertEquals(workspace.settings(7), applied.after());
        JsonNode after = JSON.readTree(applied.after().settingsJson());
        assertEquals("side", after.path("job_clusters").path(1).path("job_cluster_key").asText(), "other entries kept");
        assertEquals(4, after.path("tasks").size());
    }

    /** Databricks adds fields faster than SDK releases model them; a change must not delete what it does not know. */
    @Test
    void fieldsTheSdkDoesNotModelSurviveAnApplyAndARollBackByteForByte() throws IOException {
        ObjectNode job = (ObjectNode) JSON.readTree(emulator.root().resolve("jobs/7.json").toFile());
        ObjectNode settings = (ObjectNode) job.path("settings");
        settings.putObject("performance_target_2027").put("mode", "TURBO");
        ObjectNode entry = (ObjectNode) settings.path("job_clusters").get(0);
        entry.put("x_future_entry_flag", true);
        ((ObjectNode) entry.path("new_cluster")).putObject("x_gpu_sharing").put("slices", 7);
        emulator.putJson("jobs/7.json", job.toString());
        SettingsSnapshot before = workspace.settings(7);
        assertTrue(before.settingsJson().contains("x_gpu_sharing") && before.settingsJson().contains("performance_target_2027"));

        AppliedChange applied = workspace.apply(7, ClusterChange.sparkConf(new ClusterTarget.JobCluster("main"),
                "spark.sql.shuffle.partitions", "400"), before.fingerprint());
        JsonNode sent = JSON.readTree(emulator.requests("POST", "/api/2.2/jobs/update").get(0).body());
        assertEquals(7, sent.path("new_settings").path("job_clusters").get(0).path("new_cluster").path("x_gpu_sharing").path("slices").asInt());
        assertTrue(sent.path("new_settings").path("job_clusters").get(0).path("x_future_entry_flag").asBoolean());
        assertTrue(applied.after().settingsJson().contains("\"x_gpu_sharing\":{\"slices\":7}"), applied.after().settingsJson());

        workspace.restore(7, applied.step());

        assertEquals(before.settingsJson(), workspace.settings(7).settingsJson(), "restored byte for byte, unknown fields included");
        assertEquals(settings, JSON.readTree(emulator.root().resolve("jobs/7.json").toFile()).path("settings"));
    }

    @Test
    void theSettingsExpectedAfterAChangeAreWhatTheWorkspaceHoldsOnceItIsApplied() {
        SettingsSnapshot before = workspace.settings(7);
        ClusterChange change = new ClusterChange(new ClusterTarget.JobCluster("main"),
                Map.of("spark.sql.shuffle.partitions", "400"), Map.of("SPARK_WORKER_CORES", "6"), 6L, null, null, null);
        SettingsSnapshot expected = JobSettingsEditor.expectedAfter(before, change);
        assertNotEquals(before.fingerprint(), expected.fingerprint());
        assertEquals(before, workspace.settings(7), "computing it does not touch the job");

        AppliedChange applied = workspace.apply(7, change, before.fingerprint());

        assertEquals(applied.after(), expected);
    }

    @Test
    void concurrentEditMakesApplyRefuse() {
        String seen = workspace.settings(7).fingerprint();
        someoneElseRenamesTheJob();
        emulator.clearRequests();

        var e = assertThrows(SettingsChangedException.class, () -> workspace.apply(7,
                ClusterChange.sparkConf(new ClusterTarget.JobCluster("main"), "spark.sql.shuffle.partitions", "400"), seen));

        assertTrue(e.getMessage().startsWith("Job 7 was edited since this recommendation was made"), e.getMessage());
        assertEquals(0, emulator.requests("POST", "/api/2.2/jobs/update").size(), "nothing was sent");
    }

    @Test
    void rollbackRestoresByteIdenticalSettings() throws IOException {
        SettingsSnapshot original = workspace.settings(7);
        AppliedChange applied = workspace.apply(7, new ClusterChange(new ClusterTarget.JobCluster("side"),
                Map.of("spark.task.cpus", "2"), null, 3L, null, null, null), original.fingerprint());
        assertNotEquals(original.settingsJson(), applied.after().settingsJson());

        SettingsSnapshot restored = workspace.restore(7, applied.step());

        assertEquals(original.settingsJson(), restored.settingsJson());
        assertEquals(original.fingerprint(), restored.fingerprint());
        assertEquals(original.settingsJson(), workspace.settings(7).settingsJson());
        JsonNode undo = JSON.readTree(emulator.requests("POST", "/api/2.2/jobs/update").get(1).body());
        assertEquals(JSON.readTree("{\"job_clusters\":[{\"job_cluster_key\":\"side\",\"new_cluster\":{\"autoscale\":{\"max_workers\":8,"
                + "\"min_workers\":2},\"node_type_id\":\"r5d.2xlarge\",\"spark_version\":\"15.4.x-scala2.12\"}}]}"),
                undo.path("new_settings"), "only the changed entry is sent back");
        assertFalse(undo.has("fields_to_remove"));
    }

    @Test
    void whatIsKeptOfAChangeIsItsTouchedKeysAndFingerprintsNotTheSettings() throws IOException {
        ObjectNode job = (ObjectNode) JSON.readTree(emulator.root().resolve("jobs/7.json").toFile());
        ObjectNode spec = (ObjectNode) job.path("settings").path("job_clusters").get(0).path("new_cluster");
        ((ObjectNode) spec.path("spark_conf")).put("spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net", "AZKEY-AT-RUN-TIME-SECRET==");
        ((ObjectNode) spec.path("spark_env_vars")).put("DB_PASSWORD", "EnvVarPw-SECRET-42");
        emulator.putJson("jobs/7.json", job.toString());
        SettingsSnapshot original = workspace.settings(7);
        ClusterChange change = new ClusterChange(new ClusterTarget.JobCluster("main"), Map.of("spark.sql.shuffle.partitions", "400"),
                Map.of("SPARK_WORKER_CORES", "6"), 6L, null, null, null);

        StepDelta step = workspace.apply(7, change, original.fingerprint()).step();

        String kept = step.toJson();
        assertFalse(kept.contains("AZKEY") || kept.contains("EnvVarPw") || kept.contains("nightly-etl"), kept);
        assertEquals(original.fingerprint(), step.fingerprintBefore());
        assertEquals(workspace.settings(7).fingerprint(), step.fingerprintAfter());
        assertEquals(List.of(List.of("num_workers"), List.of("spark_conf", "spark.sql.shuffle.partitions"),
                List.of("spark_env_vars", "SPARK_WORKER_CORES")), step.touched().stream().map(StepDelta.Touched::path).toList());

        SettingsSnapshot restored = workspace.restore(7, StepDelta.fromJson(kept));

        assertEquals(original.settingsJson(), restored.settingsJson(), "byte for byte, the planted secrets untouched in the job");
    }

    @Test
    void rollbackRemovesKeysTheStepAddedAndPutsBackWhatItRemovedOrReplaced() {
        SettingsSnapshot original = workspace.settings(7);
        HashMap<String, String> conf = new HashMap<>();
        conf.put("spark.executor.cores", null);
        conf.put("spark.sql.adaptive.skewJoin.enabled", "true");
        AppliedChange onTask = workspace.apply(7, new ClusterChange(new ClusterTarget.TaskCluster("adhoc"), conf, Map.of("NEW_VAR", "1"),
                null, null, null, null), original.fingerprint());
        assertEquals(original.settingsJson(), workspace.restore(7, onTask.step()).settingsJson());

        AppliedChange fixed = workspace.apply(7, new ClusterChange(new ClusterTarget.JobCluster("side"), null, null, 5L, null, null, null),
                original.fingerprint());
        assertEquals(original.settingsJson(), workspace.restore(7, fixed.step()).settingsJson(), "autoscale is back, num_workers gone");
    }

    /** A node-type step pins the driver where it followed the workers; its roll back removes the pin again. */
    @Test
    void aNodeTypeChangeCanPinTheDriverAndItsRollBackUnpinsIt() throws IOException {
        SettingsSnapshot original = workspace.settings(7);
        AppliedChange applied = workspace.apply(7, new ClusterChange(new ClusterTarget.JobCluster("main"), null, null, null, null,
                null, "m5d.xlarge", "i3.xlarge"), original.fingerprint());
        JsonNode main = JSON.readTree(applied.after().settingsJson()).path("job_clusters").path(0).path("new_cluster");
        assertEquals("m5d.xlarge", main.path("node_type_id").asText());
        assertEquals("i3.xlarge", main.path("driver_node_type_id").asText());
        assertFalse(JSON.readTree(original.settingsJson()).path("job_clusters").path(0).path("new_cluster").has("driver_node_type_id"));
        assertEquals(original.settingsJson(), workspace.restore(7, applied.step()).settingsJson(), "the pin goes with the roll back");
    }

    @Test
    void rollbackRefusesWhenTheJobChangedAfterTheChange() {
        SettingsSnapshot original = workspace.settings(7);
        AppliedChange applied = workspace.apply(7, ClusterChange.sparkConf(new ClusterTarget.JobCluster("main"), "a", "b"),
                original.fingerprint());
        someoneElseRenamesTheJob();
        assertThrows(SettingsChangedException.class,
                () -> workspace.restore(7, applied.step()));
        assertEquals(1, emulator.requests("POST", "/api/2.2/jobs/update").size(), "only the change, no undo");
    }

    @Test
    void fixedSizeReplacesAutoscalingAndBack() throws IOException {
        String fp = workspace.settings(7).fingerprint();
        SettingsSnapshot fixed = workspace.apply(7, new ClusterChange(new ClusterTarget.JobCluster("side"), null, null,
                5L, null, null, null), fp).after();
        JsonNode side = JSON.readTree(fixed.settingsJson()).path("job_clusters").path(1).path("new_cluster");
        assertEquals(5, side.path("num_workers").asInt());
        assertFalse(side.has("autoscale"));

        SettingsSnapshot scaled = workspace.apply(7, new ClusterChange(new ClusterTarget.JobCluster("side"), null, null,
                null, 2L, 10L, null), fixed.fingerprint()).after();
        side = JSON.readTree(scaled.settingsJson()).path("job_clusters").path(1).path("new_cluster");
        assertFalse(side.has("num_workers"));
        assertEquals(10, side.path("autoscale").path("max_workers").asInt());
    }

    @Test
    void taskClusterChangeAndConfRemoval() throws IOException {
        String fp = workspace.settings(7).fingerprint();
        HashMap<String, String> conf = new HashMap<>();
        conf.put("spark.executor.cores", null);
        conf.put("spark.sql.adaptive.skewJoin.enabled", "true");
        SettingsSnapshot after = workspace.apply(7, new ClusterChange(new ClusterTarget.TaskCluster("adhoc"), conf, null,
                null, null, null, null), fp).after();
        JsonNode body = JSON.readTree(emulator.requests("POST", "/api/2.2/jobs/update").get(0).body());
        assertEquals("adhoc", body.path("new_settings").path("tasks").path(0).path("task_key").asText());
        assertEquals("/Repos/etl/adhoc", body.path("new_settings").path("tasks").path(0).path("notebook_task").path("notebook_path").asText());
        JsonNode adhoc = JSON.readTree(after.settingsJson()).path("tasks").path(3).path("new_cluster");
        assertEquals("{\"spark.sql.adaptive.skewJoin.enabled\":\"true\"}", adhoc.path("spark_conf").toString());
    }

    @Test
    void targetsThatCannotBeChangedAreNamed() {
        String fp = workspace.settings(7).fingerprint();
        var noKey = assertThrows(WorkspaceException.class, () -> workspace.apply(7,
                ClusterChange.sparkConf(new ClusterTarget.JobCluster("gpu"), "a", "b"), fp));
        assertEquals("Job 7 has no job cluster \"gpu\" (it has: main, side).", noKey.getMessage());
        var shared = assertThrows(WorkspaceException.class, () -> workspace.apply(7,
                ClusterChange.sparkConf(new ClusterTarget.TaskCluster("ingest"), "a", "b"), fp));
        assertTrue(shared.getMessage().contains("it uses job cluster main"), shared.getMessage());
    }

    @Test
    void jobsWithMoreThanAHundredTasksAreReadWholeSoRollbackKeepsThemAll() throws IOException {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < 150; i++) {
            tasks.append(i == 0 ? "" : ",").append("{\"task_key\":\"t").append(i).append("\",\"job_cluster_key\":\"main\"}");
        }
        emulator.putJson("jobs/12.json", "{\"job_id\":12,\"settings\":{\"name\":\"wide\",\"job_clusters\":[{\"job_cluster_key\":"
                + "\"main\",\"new_cluster\":{\"spark_version\":\"15.4.x-scala2.12\",\"num_workers\":2}}],\"tasks\":[" + tasks + "]}}");
        SettingsSnapshot original = workspace.settings(12);
        assertEquals(150, JSON.readTree(original.settingsJson()).path("tasks").size());

        AppliedChange applied = workspace.apply(12, new ClusterChange(new ClusterTarget.JobCluster("main"), null, null,
                4L, null, null, null), original.fingerprint());
        SettingsSnapshot restored = workspace.restore(12, applied.step());

        assertEquals(original.settingsJson(), restored.settingsJson());
        assertEquals(150, JSON.readTree(restored.settingsJson()).path("tasks").size());
    }

    /** A serverless job's mode: one jobs/update carrying that field alone; its roll back removes it, as it was not set. */
    @Test
    void aJobFieldChangeSendsOnlyThatFieldAndItsRollBackRemovesTheFieldItAdded() throws IOException {
        SettingsSnapshot original = workspace.settings(7);
        assertFalse(JSON.readTree(original.settingsJson()).has("performance_target"));
        emulator.clearRequests();

        AppliedChange applied = workspace.apply(7, JobChange.field("performance_target", "STANDARD"), original.fingerprint());

        JsonNode body = JSON.readTree(emulator.requests("POST", "/api/2.2/jobs/update").get(0).body());
        assertEquals(JSON.readTree("{\"performance_target\":\"STANDARD\"}"), body.path("new_settings"), "that field and nothing else");
        assertFalse(body.has("fields_to_remove"));
        assertEquals("STANDARD", JSON.readTree(workspace.settings(7).settingsJson()).path("performance_target").asText());
        StepDelta kept = StepDelta.fromJson(applied.step().toJson());
        assertEquals(List.of(new StepDelta.Touched(null, null, List.of("performance_target"), null, JSON.readTree("\"STANDARD\""))),
                kept.touched(), "only the job's field, \"not set\" before");

        SettingsSnapshot restored = workspace.restore(7, kept);

        JsonNode undo = JSON.readTree(emulator.requests("POST", "/api/2.2/jobs/update").get(1).body());
        assertEquals(JSON.readTree("[\"performance_target\"]"), undo.path("fields_to_remove"));
        assertEquals(0, undo.path("new_settings").size(), "nothing else is sent back");
        assertEquals(original.settingsJson(), restored.settingsJson(), "byte for byte");
    }

    @Test
    void aJobFieldsRollBackPutsBackTheValueItReplaced() throws IOException {
        setJobField("performance_target", "PERFORMANCE_OPTIMIZED");
        SettingsSnapshot original = workspace.settings(7);
        AppliedChange applied = workspace.apply(7, JobChange.field("performance_target", "STANDARD"), original.fingerprint());
        emulator.clearRequests();

        SettingsSnapshot restored = workspace.restore(7, applied.step());

        JsonNode undo = JSON.readTree(emulator.requests("POST", "/api/2.2/jobs/update").get(0).body());
        assertEquals(JSON.readTree("{\"performance_target\":\"PERFORMANCE_OPTIMIZED\"}"), undo.path("new_settings"));
        assertFalse(undo.has("fields_to_remove"));
        assertEquals(original.settingsJson(), restored.settingsJson());
    }

    @Test
    void aJobFieldChangeIsRefusedOnceTheJobWasEditedAndSoIsItsRollBack() throws IOException {
        String seen = workspace.settings(7).fingerprint();
        someoneElseRenamesTheJob();
        emulator.clearRequests();
        assertThrows(SettingsChangedException.class, () -> workspace.apply(7, JobChange.field("performance_target", "STANDARD"), seen));
        assertEquals(0, emulator.requests("POST", "/api/2.2/jobs/update").size(), "nothing was sent");

        AppliedChange applied = workspace.apply(7, JobChange.field("performance_target", "STANDARD"), workspace.settings(7).fingerprint());
        setJobField("description", "edited by hand");
        assertThrows(SettingsChangedException.class, () -> workspace.restore(7, applied.step()));
        assertEquals(1, emulator.requests("POST", "/api/2.2/jobs/update").size(), "only the change, no undo");
    }

    @Test
    void theJobsApiRefusesAPerformanceTargetItDoesNotKnow() {
        SettingsSnapshot original = workspace.settings(7);
        var e = assertThrows(WorkspaceException.class, () -> workspace.apply(7, JobChange.field("performance_target", "FAST"),
                original.fingerprint()));
        assertTrue(e.getMessage().contains("performance_target"), e.getMessage());
        assertEquals(original, workspace.settings(7));
    }

    private void setJobField(String field, String value) throws IOException {
        ObjectNode job = (ObjectNode) JSON.readTree(emulator.root().resolve("jobs/7.json").toFile());
        ((ObjectNode) job.path("settings")).put(field, value);
        emulator.putJson("jobs/7.json", job.toString());
    }

    private void someoneElseRenamesTheJob() {
        emulator.putJson("jobs/7.json", workspace.settings(7).settingsJson()
                .transform(s -> "{\"job_id\":7,\"settings\":" + s.replace("\"nightly-etl\"", "\"nightly-etl-v2\"") + "}"));
    }
}
