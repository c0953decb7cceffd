package io.sparkadvisor.databricks.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RunQueryParserTest {
    @Test
    void currentRunPageLink() {
        assertEquals(new RunQuery.RunLink("example.cloud.databricks.com", 7, 1001, 1234567890L),
                RunQueryParser.parse("https://example.cloud.databricks.com/jobs/7/runs/1001?o=1234567890"));
    }

    @Test
    void currentLinkWithoutWorkspaceIdAndWithTrailingSegments() {
        assertEquals(new RunQuery.RunLink("adb-1.2.azuredatabricks.net", 7, 1001, null),
                RunQueryParser.parse("https://adb-1.2.azuredatabricks.net/jobs/7/runs/1001/tasks"));
    }

    @Test
    void legacyFragmentLinkWithWorkspaceId() {
        assertEquals(new RunQuery.RunLink("example.cloud.databricks.com", 7, 1001, 1234567890L),
                RunQueryParser.parse("https://example.cloud.databricks.com/?o=1234567890#job/7/run/1001"));
    }

    @Test
    void legacyFragmentLinkWithoutWorkspaceId() {
        assertEquals(new RunQuery.RunLink("example.cloud.databricks.com", 7, 1001, null), RunQueryParser.parse("  https://example.cloud.databricks.com/#job/7/run/1001 "));
    }

    @Test
    void workspaceIdAmongOtherParameters() {
        assertEquals(new RunQuery.RunLink("h.example", 7, 1001, 42L),
                RunQueryParser.parse("https://h.example/jobs/7/runs/1001?tab=output&o=42&x=1"));
    }

    @Test
    void theHostIsKeptWithoutSchemeOrDefaultPortInLowerCase() {
        assertEquals("adb-1.2.azuredatabricks.net", ((RunQuery.RunLink) RunQueryParser.parse(
                "https://ADB-1.2.AzureDatabricks.net:443/jobs/7/runs/1001")).host());
        assertEquals("127.0.0.1:8080", ((RunQuery.RunLink) RunQueryParser.parse("http://127.0.0.1:8080/jobs/7/runs/1001")).host());
        assertEquals("dbc-1.cloud.databricks.com", WorkspaceIdentity.hostOf("dbc-1.cloud.databricks.com/"));
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
