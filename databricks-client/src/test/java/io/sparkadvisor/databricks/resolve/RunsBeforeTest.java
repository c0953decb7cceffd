package io.sparkadvisor.databricks.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.databricks.SampleWorkspaceTest;
import io.sparkadvisor.databricks.Workspaces;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A job's completed runs before a baseline, newest first, for its noise band: job 7 of the sample workspace has
 * runs 1000 and 1001 completed (10012 is a task run of 1001) and 1002 still running.
 */
class RunsBeforeTest extends SampleWorkspaceTest {
    @Test
    void completedJobRunsThatStartedBeforeNewestFirstInOneCall() {
        emulator.clearRequests();
        assertEquals(List.of(1001L, 1000L), ids(workspace.runsBefore(7, 1_700_086_400_001L, 5)));
        assertEquals(1, emulator.requests("GET", "/api/2.2/jobs/runs/list").size());
        assertEquals(List.of(1000L), ids(workspace.runsBefore(7, 1_700_000_000_000L, 5)), "a run starting at the baseline's start is not before it");
        assertEquals(List.of(1001L), ids(workspace.runsBefore(7, 1_800_000_000_000L, 1)));
        assertEquals(List.of(), workspace.runsBefore(7, 1_800_000_000_000L, 0));
    }

    @Test
    void theRecordedFolderAnswersTheSame() {
        assertEquals(workspace.runsBefore(7, 1_800_000_000_000L, 5), Workspaces.fromDirectory(emulator.root()).runsBefore(7, 1_800_000_000_000L, 5));
    }

    private static List<Long> ids(List<RunRef> runs) {
        return runs.stream().map(RunRef::runId).toList();
    }
}
