package io.sparkadvisor.databricks.billing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.databricks.SampleWorkspaceTest;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The runs an estimate is made from: the same through the SDK (runs/list, paged, expanded) and from the folder. */
class CompletedRunsTest extends SampleWorkspaceTest {
    static final Instant FROM = Instant.ofEpochMilli(1_699_900_000_000L);
    static final Instant TO = Instant.ofEpochMilli(1_700_100_000_000L);

    @Test
    void completedJobRunsInTheWindowWithTheirJobClusters() {
        emulator.clearRequests();
        List<RunUsage> runs = byRunId(workspace.completedRuns(FROM, TO));

        assertEquals(List.of(1000L, 1001L, 2001L), runs.stream().map(RunUsage::runId).toList());
        RunUsage nightly = runs.get(1);
        assertEquals(new RunUsage(7, "nightly-etl", 1001, 1_700_000_000_000L, 1_700_003_600_000L, List.of(
                new RunUsage.Cluster("i3.xlarge", "i3.xlarge", 4), new RunUsage.Cluster("r5d.2xlarge", "r5d.2xlarge", 5))), nightly);
        assertEquals(List.of(new RunUsage.Cluster("i3.xlarge", "i3.xlarge", 2)), runs.get(2).clusters());
        assertEquals(List.of(), runs.get(0).clusters());
        assertEquals(1, emulator.requests("GET", "/api/2.2/jobs/runs/list").stream()
                .filter(r -> r.query().contains("expand_tasks=true") && r.query().contains("start_time_from=1699900000000")).count());
    }

    @Test
    void theRecordedFolderAnswersTheSame() {
        Workspace folder = Workspaces.fromDirectory(emulator.root());
        assertEquals(byRunId(workspace.completedRuns(FROM, TO)), byRunId(folder.completedRuns(FROM, TO)));
    }

    @Test
    void aRunStartingAtTheEndOfTheWindowBelongsToTheNext() {
        assertEquals(List.of(1000L), workspace.completedRuns(FROM, Instant.ofEpochMilli(1_700_000_000_000L)).stream()
                .map(RunUsage::runId).toList());
    }

    private static List<RunUsage> byRunId(List<RunUsage> runs) {
        return runs.stream().sorted((a, b) -> Long.compare(a.runId(), b.runId())).toList();
    }
}
