package io.sparkadvisor.databricks;

import io.sparkadvisor.knowledge.Redactor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.apply.ClusterChange;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.billing.BillingQuery;
import io.sparkadvisor.databricks.emulator.Fault;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.databricks.resolve.RunRef;
import com.databricks.sdk.core.DatabricksConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Retries, the 401/403/404 messages, and that no token reaches a log line or a message. */
class ErrorsAndSecretsTest {
    static final String WRONG_TOKEN = "dapi-wrong-token-feedbeef42";
    static WorkspaceEmulator emulator;
    static Workspace workspace;

    @BeforeAll
    static void start() {
        emulator = WorkspaceEmulator.startWithSample();
        workspace = Workspaces.connect(emulator.client(), "wh-1");
    }

    @AfterAll
    static void stop() {
        emulator.close();
    }

    @Test
    void stormOf429IsRetriedHonouringRetryAfter() {
        emulator.failNext("GET", "/api/2.2/jobs/runs/get", Fault.tooManyRequests(1), 3);
        emulator.clearRequests();
        long start = System.nanoTime();

        assertEquals(new RunRef(1001, 7L, null), workspace.resolve("run:1001"));

        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        assertEquals(4, emulator.requests("GET", "/api/2.2/jobs/runs/get").size());
        assertTrue(seconds >= 3, "waited Retry-After: 1 three times, took " + seconds + " s");
    }

    @Test
    void serverErrorOnAReadIsRetried() {
        emulator.failNext("GET", "/api/2.1/clusters/get", Fault.serverError(), 1);
        assertEquals(2, workspace.fetch(new RunRef(1001, 7L, null)).clusters().size());
    }

    @Test
    void readTimeoutIsRetriedAndThenExplained() {
        var impatient = WorkspaceClients.build(new DatabricksConfig().setHost(emulator.url()).setToken(WorkspaceEmulator.TOKEN)
                .setAuthType("pat").setHttpTimeoutSeconds(1));
        emulator.failNext("GET", "/api/2.1/clusters/get", Fault.slow(Duration.ofMillis(2500)), 1);
        assertTrue(new SdkWorkspaceSource(impatient).cluster("0923-job-main").isPresent());

        emulator.failNext("GET", "/api/2.2/jobs/get", Fault.slow(Duration.ofMillis(2500)), 3);
        var e = assertThrows(WorkspaceUnavailableException.class, () -> new SdkWorkspaceSource(impatient).jobSettings(7));
        assertTrue(e.getMessage().startsWith("Could not reach Databricks for job 7 (Read timed out)"), e.getMessage());
    }

    @Test
    void endlessThrottlingBecomesAnUnavailableError() {
        emulator.failNext("GET", "/api/2.2/jobs/get", Fault.tooManyRequests(0), 4);
        var e = assertThrows(WorkspaceUnavailableException.class, () -> workspace.settings(7));
        assertTrue(e.getMessage().startsWith("Databricks kept failing on job 7 (last answer: HTTP 429"), e.getMessage());
    }

    @Test
    void wrongTokenIsAnAuthenticationError() {
        Workspace wrong = Workspaces.connect(WorkspaceClients.withToken(emulator.url(), WRONG_TOKEN), null);
        var e = assertThrows(WorkspaceAuthenticationException.class, () -> wrong.resolve("run:1001"));
        assertTrue(e.getMessage().contains("Set DATABRICKS_HOST and DATABRICKS_TOKEN"), e.getMessage());
    }

    @Test
    void expiredTokenIsAPermissionErrorWithTheFix() {
        emulator.failNext("GET", "/api/2.1/clusters/list-node-types", Fault.tokenExpired(), 1);
        var e = assertThrows(WorkspacePermissionException.class, () -> new SdkWorkspaceSource(emulator.client()).nodeTypes());
        assertEquals("The advisor may not access the node type list (Invalid access token.). If its token expired, issue a"
                + " new one; otherwise grant its identity CAN VIEW on the job (CAN MANAGE to apply changes) and CAN ATTACH"
                + " TO on the cluster.", e.getMessage());
    }

    @Test
    void notFoundNamesTheObject() {
        emulator.failNext("GET", "/api/2.2/jobs/get", Fault.notFound(), 1);
        var e = assertThrows(WorkspaceNotFoundException.class, () -> workspace.settings(7));
        assertTrue(e.getMessage().startsWith("Job 7 was not found in this workspace"), e.getMessage());
    }

    @Test
    void noTokenInAnyLogLineOrMessage() {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        List<String> messages = new ArrayList<>();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Workspace fresh = Workspaces.connect(emulator.client(), "wh-1");
            fresh.fetch(fresh.resolve(emulator.runLink(7, 1001)))
                    .clusters().get(0).eventLog().parts();
            var snapshot = fresh.settings(7);
            fresh.apply(7, ClusterChange.sparkConf(new ClusterTarget.JobCluster("main"), "spark.x", "1"), snapshot.fingerprint());
            emulator.onStatement("SELECT 1", StatementScript.succeeds(List.of("one"), List.of(List.of(List.of("1")))));
            fresh.query(new BillingQuery("one", "SELECT 1", List.of()));
            emulator.failNext("GET", "/api/2.2/jobs/runs/get", Fault.tooManyRequests(0), 4);
            messages.add(assertThrows(WorkspaceException.class, () -> fresh.resolve("run:1001")).getMessage());
            messages.add(assertThrows(WorkspaceException.class, () -> Workspaces.connect(
                    WorkspaceClients.withToken(emulator.url(), WRONG_TOKEN), null).resolve("run:1001")).getMessage());
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("GET /api/2.2/jobs/runs/get"), "the SDK's debug lines were captured");
        assertTrue(log.contains("Job 7: applied"), "our own lines were captured");
        for (String token : List.of(WorkspaceEmulator.TOKEN, WRONG_TOKEN)) {
            assertFalse(log.contains(token), "token in a log line");
            messages.forEach(m -> assertFalse(m.contains(token), "token in: " + m));
        }
    }

    @Test
    void redactionMasksTokenShapes() {
        assertEquals("header Bearer **** and **** end", Redactor.redact("header Bearer abc.def and dapi0123456789abcdef end"));
        assertEquals("{\n  \"access_token\" : \"****\",\n  \"expires_in\" : 3600", Redactor.redact(
                "{\n  \"access_token\" : \"opaque-value\",\n  \"expires_in\" : 3600"));
        assertEquals("grant_type=client_credentials&client_secret=****&scope=all-apis",
                Redactor.redact("grant_type=client_credentials&client_secret=s3cr3t&scope=all-apis"));
        assertEquals("jwt ****", Redactor.redact("jwt eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"));
    }
}
