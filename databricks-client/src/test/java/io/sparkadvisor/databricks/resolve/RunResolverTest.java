package io.sparkadvisor.databricks.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.SampleWorkspaceTest;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import org.junit.jupiter.api.Test;

class RunResolverTest extends SampleWorkspaceTest {
    @Test
    void currentRunPageLink() {
        assertEquals(new RunRef(1001, 7L, 1234567890L),
                workspace.resolve("https://example.cloud.databricks.com/jobs/7/runs/1001?o=1234567890"));
    }

    @Test
    void legacyRunPageLink() {
        assertEquals(new RunRef(1001, 7L, 1234567890L),
                workspace.resolve("https://example.cloud.databricks.com/?o=1234567890#job/7/run/1001"));
    }

    @Test
    void taskRunLinkStandsForItsJobRun() {
        assertEquals(new RunRef(1001, 7L, 1L), workspace.resolve("https://example.cloud.databricks.com/jobs/7/runs/10012?o=1"));
    }

    @Test
    void runId() {
        assertEquals(new RunRef(1001, 7L, null), workspace.resolve("run:1001"));
        assertEquals(new RunRef(1001, 7L, null), workspace.resolve("1001"));
    }

    @Test
    void jobIdGivesItsLatestCompletedRunNotTheRunningOne() {
        assertEquals(new RunRef(1001, 7L, null), workspace.resolve("job:7"));
        emulator.clearRequests();
        assertEquals(new RunRef(1001, 7L, null), workspace.resolve("7"));
        var list = emulator.requests("GET", "/api/2.2/jobs/runs/list").get(0);
        assertEquals("true", list.param("completed_only").orElseThrow());
        assertEquals("7", list.param("job_id").orElseThrow());
    }

    @Test
    void jobNameGoesThroughTheJobsList() {
        emulator.clearRequests();
        assertEquals(new RunRef(1001, 7L, null), workspace.resolve("nightly-etl"));
        assertEquals("nightly-etl", emulator.requests("GET", "/api/2.2/jobs/list").get(0).param("name").orElseThrow());
    }

    @Test
    void jobNameIsMatchedInAnyCaseAsTheJobsListDoes() {
        assertEquals(new RunRef(1001, 7L, null), workspace.resolve("job:Nightly-ETL"));
        var none = assertThrows(WorkspaceNotFoundException.class, () -> workspace.resolve("job:nightly"));
        assertTrue(none.getMessage().contains("the whole name is matched, in any case"), none.getMessage());
    }

    @Test
    void oneTimeRunHasNoJob() {
        assertEquals(new RunRef(3001, null, null), workspace.resolve("run:3001"));
    }

    @Test
    void unknownAndAmbiguousNamesAreExplained() {
        var none = assertThrows(WorkspaceNotFoundException.class, () -> workspace.resolve("job:no such job"));
        assertTrue(none.getMessage().contains("No job is named \"no such job\""), none.getMessage());
        var two = assertThrows(AmbiguousJobNameException.class, () -> workspace.resolve("dup"));
        assertTrue(two.getMessage().contains("[9, 10]"), two.getMessage());
    }

    @Test
    void unknownIdIsNeitherRunNorJob() {
        var e = assertThrows(WorkspaceNotFoundException.class, () -> workspace.resolve("424242"));
        assertTrue(e.getMessage().contains("Job 424242 does not exist"), e.getMessage());
    }

    @Test
    void jobWithoutCompletedRuns() {
        var e = assertThrows(WorkspaceNotFoundException.class, () -> workspace.resolve("job:9"));
        assertTrue(e.getMessage().contains("Job 9 has no completed run yet"), e.getMessage());
    }
}
