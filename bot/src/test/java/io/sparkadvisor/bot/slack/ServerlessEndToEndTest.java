package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.store.ScanClaims;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.SystemTables;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.databricks.serverless.ServerlessRunReader;
import io.sparkadvisor.knowledge.serverless.ServerlessFixtures;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A serverless job run end to end: job 7311 of corpus/serverless/nightly-orders.json, whose one task ran on serverless
 * compute (an environment, no cluster) and so left no event log; its statements and priced usage are in the emulator's
 * system tables. An ask gets the findings of its statements with dollars; the fleet scan ranks the job with the rest.
 */
class ServerlessEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long JOB = 7311;
    private static final long RUN = 880112;

    /** The job, its run (a task with an environment_key and no cluster) and the system tables' rows for it. */
    static void addServerlessJob(WorkspaceEmulator emulator) throws Exception {
        JsonNode fixture = JSON.readTree(ServerlessFixtures.json("nightly-orders"));
        TestPeople.enrol(emulator);
        TestPeople.shareJob(emulator, JOB);
        emulator.putJson("jobs/" + JOB + ".json", fixture.path("job").toString());
        ObjectNode run = fixture.path("run").deepCopy();
        ObjectNode task = run.putArray("tasks").addObject().put("task_key", "orders").put("run_id", RUN + 1).put("environment_key", "default");
        task.set("state", run.path("state"));
        emulator.putJson("runs/" + RUN + ".json", run.toString());
        SystemTables.serveQueryHistory(emulator, ServerlessRunReader.COLUMNS, fixture);
    }

    private static Advice expected() {
        return new Advisor(Thresholds.defaults()).advise(ServerlessFixtures.run("nightly-orders"));
    }

    @Test
    void anAskAboutAServerlessJobRunGetsTheFindingsOfItsStatementsWithDollars() throws Exception {
        try (BotHarness bot = new BotHarness()) {
            addServerlessJob(bot.workspace);

            bot.requests.command("run:" + RUN, CHANNEL, USER);
            await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")
                    && c.param("blocks").contains("run:" + RUN)));

            String thread = bot.slack.calls("chat.postMessage").stream().filter(c -> !c.param("thread_ts").isEmpty())
                    .map(c -> c.param("text")).collect(Collectors.joining("\n"));
            List<Finding> findings = expected().findings();
            assertEquals(5, findings.size(), "the statements' findings: " + findings);
            for (Finding f : findings) {
                assertTrue(thread.contains(f.title()), f.rule() + " posted: " + thread);
            }
            assertTrue(thread.contains("$"), "priced in dollars: " + thread);
            String blocks = bot.slack.calls("chat.postMessage").stream().map(c -> c.param("blocks")).collect(Collectors.joining("\n"));
            assertTrue(blocks.contains("performance_target") && blocks.contains("approve_step"),
                    "the mode change is shown with its Approve (PerformanceModeEndToEndTest follows it through): " + blocks);
            assertFalse(thread.contains("event log"), "a serverless run is not asked for an event log: " + thread);
            String statements = bot.workspace.requests("POST", "/api/2.0/sql/statements").stream().map(r -> r.body())
                    .filter(b -> b.contains("system.query.history")).findFirst().orElseThrow();
            assertTrue(statements.contains("\"" + RUN + "\"") && !statements.contains("= " + RUN), "the run id as a parameter: " + statements);
            assertEquals(List.of(), bot.workspace.requests("GET", "/api/2.0/dbfs/read"), "no log looked for");
        }
    }

    /**
     * The statement that read 4,213 small files reads main.sales.orders_raw (parsed from its statement_text), a managed
     * table predictive optimization maintains: the finding names it, has no OPTIMIZE and says when Databricks last ran it.
     */
    @Test
    void aServerlessStatementsTableUnderPredictiveOptimizationGetsNoOptimizeStep() throws Exception {
        try (BotHarness bot = new BotHarness()) {
            addServerlessJob(bot.workspace);
            bot.workspace.addDeltaTable("main.sales.orders_raw", "MANAGED", "s3://acme-uc-managed/tables/orders_raw", "ENABLE");
            bot.workspace.onStatement("predictive_optimization_operations_history", StatementScript.succeeds(
                    List.of("operation_type", "operation_status", "end_time"),
                    List.of(List.of(List.of("COMPACTION", "SUCCESSFUL", "2026-11-28T05:52:30.000Z")))));

            bot.requests.command("run:" + RUN, CHANNEL, USER);
            await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")
                    && c.param("blocks").contains("run:" + RUN)));

            String blocks = bot.slack.calls("chat.postMessage").stream().map(c -> c.param("blocks")).collect(Collectors.joining("\n"));
            assertTrue(blocks.contains("from main.sales.orders_raw"), "the finding names the table: " + blocks);
            assertTrue(blocks.contains("Databricks runs OPTIMIZE on it itself, last finished at 2026-11-28T05:52:30Z"), blocks);
            assertFalse(blocks.contains("OPTIMIZE main.sales.orders_raw"), blocks);
            assertFalse(blocks.contains("order_date"), "the statement's text is never shown: " + blocks);
            assertEquals(1, bot.workspace.requests("GET", "/api/2.1/unity-catalog/tables/main.sales.orders_raw").size());
            String history = bot.workspace.requests("POST", "/api/2.0/sql/statements").stream().map(r -> r.body())
                    .filter(b -> b.contains("predictive_optimization_operations_history")).findFirst().orElseThrow();
            assertTrue(history.contains("\"orders_raw\"") && !history.contains("'orders_raw'"), "the table's name as a parameter: " + history);
        }
    }

    @Test
    void theFleetScanRanksAServerlessJobWithTheRestNotUnderCouldNotRead() throws Exception {
        ScanConfig scan = new ScanConfig(true, 30, 2, 5, 10, null, null, null);
        try (BotHarness bot = BotHarness.scanning(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS",
                FleetScanEndToEndTest.APPROVER), scan)) {
            addServerlessJob(bot.workspace);
            BigDecimal cost = new BigDecimal("200.00");
            long runs = 7;
            Fleet.add(bot.workspace, 3, List.of(Long.toString(JOB), "nightly-orders", Long.toString(runs), "500", cost.toPlainString(), "7",
                    "200.00", "USD"));
            bot.requests.command("digest subscribe mon 09:00 UTC", CHANNEL, FleetScanEndToEndTest.APPROVER);
            await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
            bot.slack.clear();

            bot.digestScheduler.setTime(FleetScanEndToEndTest.DUE);
            bot.digestScheduler.runAnyDueExecutions();

            JsonNode outcome = JSON.readTree(ScanClaims.outcomes(bot.db, FleetScanEndToEndTest.WEEK).get(Long.toString(JOB)));
            assertTrue(outcome.path("unreadable").isNull() || outcome.path("unreadable").isMissingNode(), outcome.toString());
            assertEquals(RUN, outcome.path("runId").asLong());
            FakeSlackApi.Call digest = bot.slack.calls("chat.postMessage").stream()
                    .filter(c -> c.param("channel").equals(CHANNEL) && c.param("thread_ts").isEmpty()).findFirst().orElseThrow();
            String shown = bot.threadReplies(digest.tsPosted()).stream().map(c -> c.param("blocks"))
                    .collect(Collectors.joining("\n", digest.param("blocks") + "\n", ""));
            assertFalse(shown.contains("nightly-orders (job " + JOB + "): no log"), shown);
            // Its costliest fix, priced from the finding's own dollars a run (at most the cost per run) x its runs this week.
            BigDecimal perRun = cost.divide(BigDecimal.valueOf(runs), 2, RoundingMode.HALF_UP);
            Finding top = expected().findings().stream().max((a, b) -> Double.compare(a.savings().dollars(), b.savings().dollars())).orElseThrow();
            BigDecimal perWeek = perRun.min(BigDecimal.valueOf(top.savings().dollars()).setScale(2, RoundingMode.HALF_UP))
                    .multiply(BigDecimal.valueOf(runs));
            String line = "nightly-orders (job " + JOB + "): " + top.rule() + ",";
            int at = shown.indexOf(line);
            assertTrue(at > 0 && shown.indexOf("Top fixes this week") < at, line + " among the top fixes: " + shown);
            assertTrue(shown.substring(at, shown.indexOf("first step", at)).contains(String.format(Locale.ROOT, "$%,.2f a week", perWeek)),
                    perWeek + " in " + shown);
        }
    }
}
