package io.sparkadvisor.databricks;

import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Tests that read the sample workspace through the real SDK: one emulator per test class. */
public abstract class SampleWorkspaceTest {
    protected static WorkspaceEmulator emulator;
    protected static Workspace workspace;

    @BeforeAll
    static void startSample() {
        emulator = WorkspaceEmulator.startWithSample();
        workspace = Workspaces.connect(emulator.client(), null);
    }

    @AfterAll
    static void stopSample() {
        emulator.close();
    }
}
