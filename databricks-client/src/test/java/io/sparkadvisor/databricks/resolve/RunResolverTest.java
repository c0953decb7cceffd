package io.sparkadvisor.databricks.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.SampleWorkspaceTest;
import com.databricks.sdk.core.DatabricksConfig;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceClients;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunResolverTest extends SampleWorkspaceTest {
    static final long HERE = WorkspaceEmulator.WORKSPACE_ID;

    @Test
    void currentRunPageLink() {
        assertEquals(new RunRef(1001, 7L, HERE), workspace.resolve(emulator.runLink(7, 1001)));
    }

    @Test
    void legacyRunPageLink() {
        assertEquals(new RunRef(1001, 7L, HERE), workspace.resolve(emulator.url() + "/?o=" + HERE + "#job/7/run/1001"));
    }

    @Test
    void taskRunLinkStandsForItsJobRun() {
        assertEquals(new RunRef(1001, 7L, HERE), workspace.resolve(emulator.runLink(7, 10012)));
    }

    @Test
    void aLinkFromAnotherHostIsRefusedBeforeAnyRunIsLookedUp() {
        emulator.clearRequests();
        var e = assertThrows(OtherWorkspaceLinkException.class,
                () -> workspace.resolve("https://other.cloud.databricks.com/jobs/7/runs/1001"));
        assertEquals("This link is from the workspace at other.cloud.databricks.com, but this bot reads workspace " + HERE
                + " (" + host() + "). Ask the spark-advisor installed for other.cloud.databricks.com, or paste a run of"
                + " workspace " + HERE + ".", e.getMessage());
        assertEquals(List.of(), emulator.requests("GET", "/api/2.2/jobs/runs/get"), "a run 1001 here is another run");
    }

    @Test
    void aLinkWithAnotherWorkspaceIdIsRefusedEvenOnThisHost() {
        emulator.clearRequests();
        var e = assertThrows(OtherWorkspaceLinkException.class, () -> workspace.resolve(emulator.url() + "/jobs/7/runs/1001?o=555"));
        assertEquals("This link is from workspace 555 (" + host() + "), but this bot reads workspace " + HERE + " (" + host()
                + "). Ask the spark-advisor installed for workspace 555, or paste a run of workspace " + HERE + ".", e.getMessage());
        assertEquals(List.of(), emulator.requests("GET", "/api/2.2/jobs/runs/get"));
    }

    @Test
    void thisWorkspacesIdUnderAnotherHostNameIsThisWorkspace() {
        assertEquals(new RunRef(1001, 7L, HERE), workspace.resolve("https://westeurope.azuredatabricks.net/?o=" + HERE + "#job/7/run/1001"));
    }

    @Test
    void theWorkspaceIdIsLearnedOnceFromTheOrgIdHeader() {
        Workspace fresh = Workspaces.connect(emulator.client(), null);
        emulator.clearRequests();
        fresh.resolve(emulator.runLink(7, 1001));
        fresh.resolve(emulator.runLink(7, 1001));
        assertEquals(1, emulator.requests("GET", "/api/2.0/preview/scim/v2/Me").size());
    }

    @Test
    void anIdTheWorkspaceDidNotTellIsAskedAgainAndKeptOnceTold() {
        emulator.sendsWorkspaceId(false);
        try {
            Workspace fresh = Workspaces.connect(emulator.client(), null);
            assertEquals(Optional.empty(), fresh.id(), "not told: billing is not kept to a workspace it cannot name");
            emulator.sendsWorkspaceId(true);
            assertEquals(Optional.of(Long.toString(HERE)), fresh.id(), "one failed answer does not leave it unknown for good");
            emulator.clearRequests();
            fresh.id();
            assertEquals(List.of(), emulator.requests("GET", "/api/2.0/preview/scim/v2/Me"), "kept once told");
        } finally {
            emulator.sendsWorkspaceId(true);
        }
    }

    @Test
    void aConfiguredWorkspaceIdIsTakenWithoutAsking() {
        Workspace configured = Workspaces.connect(WorkspaceClients.build(new DatabricksConfig().setHost(emulator.url())
                .setToken(WorkspaceEmulator.TOKEN).setAuthType("pat").setWorkspaceId("777")), null);
        emulator.clearRequests();
        var e = assertThrows(OtherWorkspaceLinkException.class, () -> configured.resolve(emulator.runLink(7, 1001)));
        assertTrue(e.getMessage().contains("but this bot reads workspace 777 (" + host() + ")"), e.getMessage());
        assertEquals(new RunRef(1001, 7L, 777L), configured.resolve(emulator.url() + "/jobs/7/runs/1001?o=777"));
        assertEquals(List.of(), emulator.requests("GET", "/api/2.0/preview/scim/v2/Me"));
    }

    @Test
    void withTheWorkspaceIdUnknownOnlyTheHostIsChecked() {
        emulator.sendsWorkspaceId(false);
        try {
            Workspace unknownId = Workspaces.connect(emulator.client(), null);
            assertEquals(new RunRef(1001, 7L, 555L), unknownId.resolve(emulator.url() + "/jobs/7/runs/1001?o=555"));
            var e = assertThrows(OtherWorkspaceLinkException.class,
                    () -> unknownId.resolve("https://other.cloud.databricks.com/?o=555#job/7/run/1001"));
            assertTrue(e.getMessage().startsWith("This link is from workspace 555 (other.cloud.databricks.com), but this bot"
                    + " reads the workspace at " + host() + "."), e.getMessage());
        } finally {
            emulator.sendsWorkspaceId(true);
        }
    }

    @Test
    void aLinkWhoseJobIsNotTheRunsJobIsRefused() {
        var e = assertThrows(LinkJobMismatchException.class, () -> workspace.resolve(emulator.runLink(8, 1001)));
        assertEquals("Run 1001 belongs to job 7, but the link names job 8. Paste the link from the run's own page, or ask"
                + " with run:1001.", e.getMessage());
        var oneTime = assertThrows(LinkJobMismatchException.class, () -> workspace.resolve(emulator.runLink(8, 3001)));
        assertTrue(oneTime.getMessage().startsWith("Run 3001 is a one-time run that belongs to no job, but the link names job 8."),
                oneTime.getMessage());
    }

    private static String host() {
        return emulator.url().replaceFirst("^http://", "");
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

    /** The bot's own question, typed: no "job:" text is formatted for the parser to read back. */
    @Test
    void latestCompletedRunOfAJobIdIsTheSameRunAsItsQuery() {
        emulator.clearRequests();
        assertEquals(new RunRef(1001, 7L, null), workspace.latestCompletedRun(7));
        assertEquals("true", emulator.requests("GET", "/api/2.2/jobs/runs/list").get(0).param("completed_only").orElseThrow());
        var e = assertThrows(WorkspaceNotFoundException.class, () -> workspace.latestCompletedRun(9));
        assertTrue(e.getMessage().contains("Job 9 has no completed run yet"), e.getMessage());
    }
}
