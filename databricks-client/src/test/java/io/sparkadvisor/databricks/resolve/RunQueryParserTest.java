package io.sparkadvisor.databricks.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RunQueryParserTest {
    @Test
    void currentRunPageLink() {
        assertEquals(new RunQuery.RunLink(7, 1001, 1234567890L),
                RunQueryParser.parse("https://example.cloud.databricks.com/jobs/7/runs/1001?o=1234567890"));
    }

    @Test
    void currentLinkWithoutWorkspaceIdAndWithTrailingSegments() {
        assertEquals(new RunQuery.RunLink(7, 1001, null),
                RunQueryParser.parse("https://adb-1.2.azuredatabricks.net/jobs/7/runs/1001/tasks"));
    }

    @Test
    void legacyFragmentLinkWithWorkspaceId() {
        assertEquals(new RunQuery.RunLink(7, 1001, 1234567890L),
                RunQueryParser.parse("https://example.cloud.databricks.com/?o=1234567890#job/7/run/1001"));
    }

    @Test
    void legacyFragmentLinkWithoutWorkspaceId() {
        assertEquals(new RunQuery.RunLink(7, 1001, null), RunQueryParser.parse("  https://example.cloud.databricks.com/#job/7/run/1001 "));
    }

    @Test
    void workspaceIdAmongOtherParameters() {
        assertEquals(new RunQuery.RunLink(7, 1001, 42L),
                RunQueryParser.parse("https://h.example/jobs/7/runs/1001?tab=output&o=42&x=1"));
    }

    @Test
    void prefixedIdsAndNames() {
        assertEquals(new RunQuery.RunId(1001), RunQueryParser.parse("run:1001"));
        assertEquals(new RunQuery.JobId(7), RunQueryParser.parse("job: 7"));
        assertEquals(new RunQuery.JobName("help"), RunQueryParser.parse("job:help"));
        assertEquals(new RunQuery.RunOrJobId(1001), RunQueryParser.parse("1001"));
        assertEquals(new RunQuery.JobName("nightly-etl"), RunQueryParser.parse("nightly-etl"));
    }

    @Test
    void linksThatAreNotRunPagesAreRefused() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> RunQueryParser.parse("https://example.cloud.databricks.com/compute/clusters/0101-abc"));
        assertEquals(true, e.getMessage().contains("/jobs/<job id>/runs/<run id>"));
        assertThrows(IllegalArgumentException.class, () -> RunQueryParser.parse("run:abc"));
        assertThrows(IllegalArgumentException.class, () -> RunQueryParser.parse(" "));
    }
}
