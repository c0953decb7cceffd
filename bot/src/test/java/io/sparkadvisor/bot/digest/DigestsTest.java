package io.sparkadvisor.bot.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.store.AnalysedFindings;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

public class DigestsTest {
    /** The columns of the weekly billing statement, for scripting the emulated warehouse. */
    public static final List<String> WEEKLY = List.of("job_id", "job_name", "runs", "dbus", "cost", "previous_runs", "previous_cost", "currency",
            "total_cost", "total_previous_cost");

    @Test
    void aDailyQueryThatFailsAfterTheWeeklyOneWorkedLeavesOnlyTheChartOut() {
        Database db = TestDatabases.fresh(TestDatabases.Kind.H2);
        try (WorkspaceEmulator emulator = WorkspaceEmulator.startWithSample()) {
            emulator.onStatement("GROUP BY job_id, usage_date", StatementScript.fails("Query timed out on warehouse wh-1"));
            emulator.onStatement("total_previous_cost", StatementScript.succeeds(WEEKLY, List.of(
                    List.of(List.of("42", "orders-ingest", "7", "1000", "1000.00", "7", "800.00", "USD", "1000.00", "800.00")))));
            Digests digests = new Digests(Workspaces.connect(emulator.client(), "wh-1"), DigestConfig.DEFAULTS,
                    new AnalysedFindings(db), new Changes(db));

            PreparedDigest digest = digests.prepare(LocalDate.parse("2026-11-23"));

            assertNull(digest.report().estimateReason(), "billing figures, not an estimate");
            assertEquals(new BigDecimal("1000.00"), digest.report().total());
            assertEquals(List.of("42"), digest.report().topJobs().stream().map(j -> j.jobId()).toList());
            assertEquals(List.of(), digest.dailyCosts(), "no chart");
        }
    }

    @Test
    void withBillingScopeAccountAWorkspaceWhoseIdCannotBeLearnedReadsEveryWorkspacesUsage() throws Exception {
        Database db = TestDatabases.fresh(TestDatabases.Kind.H2);
        try (WorkspaceEmulator emulator = WorkspaceEmulator.startWithSample()) {
            emulator.sendsWorkspaceId(false);
            emulator.onStatement("total_previous_cost", StatementScript.succeeds(WEEKLY, List.of(
                    List.of(List.of("42", "orders-ingest", "7", "1000", "1000.00", "7", "800.00", "USD", "1000.00", "800.00")))));
            DigestConfig account = new DigestConfig(null, null, null, null, null, null, null, null, DigestConfig.ACCOUNT);
            Workspace unknownId = Workspaces.connect(emulator.client(), "wh-1");

            PreparedDigest digest = new Digests(unknownId, account, new AnalysedFindings(db), new Changes(db)).prepare(LocalDate.parse("2026-11-23"));
            assertNull(digest.report().estimateReason(), "billing figures, as configured");
            String parameters = new ObjectMapper().readTree(emulator.requests("POST", "/api/2.0/sql/statements").get(0).body())
                    .path("parameters").toString();
            assertTrue(parameters.contains("{\"type\":\"STRING\",\"name\":\"workspace_id\",\"value\":\"\"}"), "every workspace: " + parameters);

            emulator.clearRequests();
            digest = new Digests(unknownId, DigestConfig.DEFAULTS, new AnalysedFindings(db), new Changes(db)).prepare(LocalDate.parse("2026-11-23"));
            assertEquals(Digests.UNKNOWN_WORKSPACE, digest.report().estimateReason(), "by default: an estimate, saying why");
            assertEquals(List.of(), emulator.requests("POST", "/api/2.0/sql/statements"));
        }
    }

    @Test
    void aBillingScopeThatIsNeitherIsRefusedNamingBoth() {
        var e = assertThrows(IllegalArgumentException.class, () -> new DigestConfig(null, null, null, null, null, null, null, null, "region"));
        assertEquals("digest.billingScope is \"region\": give workspace (this workspace's costs) or account (every workspace of the account)",
                e.getMessage());
    }

    @Test
    void awaitingApprovalListsWhatWaitsNowUpToFourWeeksOld() {
        Database db = TestDatabases.fresh(TestDatabases.Kind.H2);
        Recommendations recommendations = new Recommendations(db);
        for (String posted : List.of("2026-09-01T10:00:00Z", "2026-11-20T10:00:00Z", "2026-12-01T10:00:00Z")) {
            var day = Instant.parse(posted).atZone(ZoneOffset.UTC);
            long run = day.getMonthValue() * 100L + day.getDayOfMonth();
            long job = day.getMonthValue() == 9 ? 43 : 42;
            recommendations.posted(new StoredRecommendation(run + "-skew", run, job, "skew", "job_cluster:main", "[]", "f", "C1", "1.1",
                    "1.2", "U1", Instant.parse(posted)), List.of(1));
        }
        try (WorkspaceEmulator emulator = WorkspaceEmulator.startWithSample()) {
            emulator.onStatement("total_previous_cost", StatementScript.succeeds(WEEKLY, List.of(List.of())));
            Digests digests = new Digests(Workspaces.connect(emulator.client(), "wh-1"), DigestConfig.DEFAULTS,
                    new AnalysedFindings(db), new Changes(db));

            PreparedDigest digest = digests.prepare(LocalDate.parse("2026-11-23"));

            assertEquals(List.of(1201L), digest.report().pending().stream().map(p -> p.runId()).toList(),
                    "job 42: the newer of its two skew recommendations, though posted after the week; job 43: September's is stale");
        }
    }
}
