package io.sparkadvisor.databricks.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.databricks.sdk.core.DatabricksError;
import com.databricks.sdk.core.http.Request;
import com.databricks.sdk.service.jobs.JobsHealthMetric;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Setting a job's health rule: one jobs/update of {@code health}, which the API replaces whole, every other rule sent back. */
class JobHealthTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DURATION_600 = "{\"metric\":\"RUN_DURATION_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":600}";
    private static final String BACKLOG_60 = "{\"metric\":\"STREAMING_BACKLOG_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":60}";

    WorkspaceEmulator emulator;
    Workspace workspace;

    @BeforeEach
    void start() throws IOException {
        emulator = WorkspaceEmulator.startWithSample();
        workspace = Workspaces.connect(emulator.client(), null);
        ObjectNode job = (ObjectNode) JSON.readTree(emulator.root().resolve("jobs/7.json").toFile());
        ((ObjectNode) job.path("settings")).set("health", JSON.readTree("{\"rules\":[" + DURATION_600 + "," + BACKLOG_60 + "]}"));
        emulator.putJson("jobs/7.json", job.toString());
        emulator.clearRequests();
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    @Test
    void aRuleReplacesItsMetricsRuleAndEveryOtherRuleIsSentBackInOneUpdate() throws IOException {
        SettingsSnapshot after = workspace.setHealthRule(7, new HealthRule(JobsHealthMetric.RUN_DURATION_SECONDS, 180));

        assertEquals(1, emulator.requests("POST", "/api/2.2/jobs/update").size());
        JsonNode body = JSON.readTree(emulator.requests("POST", "/api/2.2/jobs/update").get(0).body());
        assertEquals(JSON.readTree("{\"health\":{\"rules\":[" + BACKLOG_60
                + ",{\"metric\":\"RUN_DURATION_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":180}]}}"), body.path("new_settings"));
        assertEquals(body.path("new_settings").path("health"), JSON.readTree(after.settingsJson()).path("health"), "jobs/get returns it");
        assertEquals(4, JSON.readTree(after.settingsJson()).path("tasks").size(), "nothing else of the job changed");
    }

    @Test
    void aJobWithoutHealthGetsTheRuleAlone() {
        assertEquals(0, JobHealth.of(workspace.settings(8)).rules().size(), "the sample's job 8 has no health rules");
        workspace.setHealthRule(8, new HealthRule(JobsHealthMetric.STREAMING_BACKLOG_RECORDS, 6140));
        assertEquals(new HealthRule(JobsHealthMetric.STREAMING_BACKLOG_RECORDS, 6140),
                JobHealth.of(workspace.settings(8)).rule(JobsHealthMetric.STREAMING_BACKLOG_RECORDS).orElseThrow());
    }

    /** Health says when Databricks alerts, not how the job runs: setting it leaves an applied step's roll back possible. */
    @Test
    void theFingerprintLeavesHealthOutSoAStepAppliedBeforeTheRuleStillRollsBack() {
        SettingsSnapshot before = workspace.settings(7);
        AppliedChange applied = workspace.apply(7, new ClusterChange(new ClusterTarget.JobCluster("main"),
                Map.of("spark.sql.shuffle.partitions", "400"), null, null, null, null, null), before.fingerprint());
        SettingsSnapshot withRule = workspace.setHealthRule(7, new HealthRule(JobsHealthMetric.RUN_DURATION_SECONDS, 180));

        assertEquals(applied.after().fingerprint(), withRule.fingerprint());
        assertTrue(!applied.after().settingsJson().equals(withRule.settingsJson()), "the settings themselves hold the rule");
        SettingsSnapshot restored = workspace.restore(7, applied.step());
        assertEquals(before.fingerprint(), restored.fingerprint());
        assertTrue(restored.settingsJson().contains("\"value\":180"), "the roll back puts back the step's keys only");
    }

    @Test
    void theEmulatorRefusesARuleTheApiWouldRefuse() {
        for (String bad : new String[] {"{\"metric\":\"RUN_DURATION_MINUTES\",\"op\":\"GREATER_THAN\",\"value\":5}",
                "{\"metric\":\"RUN_DURATION_SECONDS\",\"op\":\"LESS_THAN\",\"value\":5}",
                "{\"metric\":\"RUN_DURATION_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":\"soon\"}"}) {
            String body = "{\"job_id\":7,\"new_settings\":{\"health\":{\"rules\":[" + bad + "]}}}";
            DatabricksError refused = assertThrows(DatabricksError.class, () -> {
                try (InputStream answer = emulator.client().apiClient().execute(new Request("POST", "/api/2.2/jobs/update", body)
                        .withHeader("Content-Type", "application/json"), InputStream.class)) {
                    answer.readAllBytes();
                }
            });
            assertEquals("INVALID_PARAMETER_VALUE", refused.getErrorCode(), bad);
        }
        assertEquals(2, JobHealth.of(workspace.settings(7)).rules().size(), "nothing stored");
    }
}
