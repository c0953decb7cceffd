package io.sparkadvisor.databricks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.databricks.sdk.core.DatabricksConfig;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.databricks.resolve.RunRef;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SDK's own credential mechanisms, through our factory, against the emulator. */
class AuthTest {
    static final String CLIENT_SECRET = "dose-emulated-client-secret-42";
    static WorkspaceEmulator emulator;

    @BeforeAll
    static void start() {
        emulator = WorkspaceEmulator.startWithSample();
        emulator.enableOAuth("advisor-sp", CLIENT_SECRET);
    }

    @AfterAll
    static void stop() {
        emulator.close();
    }

    @Test
    void servicePrincipalThroughOAuthMachineToMachine() {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Workspace workspace = Workspaces.connect(WorkspaceClients.withServicePrincipal(emulator.url(), "advisor-sp", CLIENT_SECRET), null);
            assertEquals(new RunRef(1001, 7L, null), workspace.resolve("run:1001"));
        } finally {
            System.setErr(original);
        }
        assertEquals(1, emulator.requests("POST", "/oidc/v1/token").size());
        String log = captured.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("GET /api/2.2/jobs/runs/get"));
        assertFalse(log.contains(CLIENT_SECRET));
        assertFalse(log.contains(WorkspaceEmulator.OAUTH_ACCESS_TOKEN));
    }

    @Test
    void wrongClientSecretIsAnAuthenticationError() {
        var e = assertThrows(WorkspaceAuthenticationException.class, () -> Workspaces.connect(
                WorkspaceClients.withServicePrincipal(emulator.url(), "advisor-sp", "dose-not-the-secret-0000"), null).resolve("run:1001"));
        assertTrue(e.getMessage().startsWith("Databricks credentials did not work while reading run 1001"), e.getMessage());
        assertFalse(e.getMessage().contains("dose-not-the-secret-0000"), e.getMessage());
    }

    @Test
    void profileFromAConfigFile(@TempDir Path home) throws IOException {
        Path config = home.resolve(".databrickscfg");
        Files.writeString(config, "[emulated]\nhost = " + emulator.url() + "\ntoken = " + WorkspaceEmulator.TOKEN + "\n");
        var client = WorkspaceClients.build(new DatabricksConfig().setConfigFile(config.toString()).setProfile("emulated"));
        assertEquals(new RunRef(1001, 7L, null), Workspaces.connect(client, null).resolve("run:1001"));
    }

    @Test
    void missingCredentialsSayWhatToSet() {
        var e = assertThrows(WorkspaceAuthenticationException.class, () -> Workspaces.connect(
                WorkspaceClients.build(new DatabricksConfig().setHost(emulator.url()).setAuthType("pat")), null).resolve("run:1001"));
        assertTrue(e.getMessage().contains("Set DATABRICKS_HOST and DATABRICKS_TOKEN"), e.getMessage());
    }
}
