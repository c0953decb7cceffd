package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.WAREHOUSE;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.store.HotValuesTest;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.emulator.RecordedPeople;
import io.sparkadvisor.databricks.emulator.RecordedRequest;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.slack.HotValueIds;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Find the hot value" end to end: a signed ask into Bolt about a run of job 45, whose cluster delivered the corpus's
 * delta-skew-join log (a join of two Delta tables read by name, 85% of the sales rows on market 7); a signed click on
 * the skew finding's button; the statement the Databricks emulator's warehouse receives; and what the fake Slack shows.
 * Each test asks about a run of its own. Lookups get a 3 s budget, so the one that never finishes ends quickly.
 */
class HotValueEndToEndTest extends SharedBotTest {
    private static final String APPROVER = "U0BOB";
    private static final String BYSTANDER = "U0EVE";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TABLE = "spark_catalog.default.sales";
    static final String QUOTED_TABLE = "`spark_catalog`.`default`.`sales`";
    /** The statement that counts the sales table's markets: every identifier quoted, the row limit kept. */
    private static final String QUOTED_QUERY = "SELECT `market_id`, COUNT(*) AS rows, SUM(COUNT(*)) OVER () AS all_rows FROM"
            + " `spark_catalog`.`default`.`sales` GROUP BY `market_id` ORDER BY rows DESC LIMIT 20";
    /** The audit's shuffle key: pasted into SQL, it reads another table and comments the rest out. */
    private static final String INJECTED_KEY = "inline(array(struct(secret AS market_id, 1L AS rows, 1L AS all_rows))) FROM vault.creds LIMIT 20 --";
    private static final String DELTA_LOCATION = "file:/work/scratch/lead/corpus-work/delta-sales";
    /** The query the finding shows, as the rules wrote it for the delta-skew-join log. */
    private static String hotValueQuery;
    @TempDir
    static Path logs;

    @BeforeAll
    static void start() {
        bot = new BotHarness(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", APPROVER,
                "SPARK_ADVISOR_HOT_VALUE_SECONDS", "3"), Clock.systemUTC());
        BotHarness.addJob(bot.workspace, 45, "delta-skew-join", "1204-delta", "delta-skew-join.log.gz", 4501, 4510);
        bot.workspace.addTable(TABLE, "DELTA", DELTA_LOCATION);
        RecordedPeople.grant(bot.workspace, "spark_catalog.default", TestPeople.TEAM, "USE_SCHEMA", "SELECT");
        // Hostile logs, as the job's owner could write them (the audit's payloads).
        hostileJob(46, Map.of("hashpartitioning(market_id#675, 8)", "hashpartitioning(" + INJECTED_KEY + "#675, 8)"));
        hostileJob(47, Map.of("Scan parquet " + TABLE, "BatchScan " + TABLE + "`/**/UNION/**/SELECT/**/secret/**/FROM/**/vault.creds/**/--"));
        hostileJob(48, Map.of("Scan parquet " + TABLE, "Scan parquet", "corpus-work/delta-sales]",
                "corpus-work/delta-sales` UNION SELECT secret FROM vault.creds --]"));
        hostileJob(49, Map.of(TABLE, TABLE + "_dropped"));
        // A Delta table read by path has no catalog grants to check: only workspace admins have it read, as the asker here is.
        RecordedPeople.user(bot.workspace, FakeSlackApi.email(USER), TestPeople.TEAM, "admins");
        hotValueQuery = (String) new Advisor(Thresholds.defaults()).advise(Corpus.facts("delta-skew-join")).findings().stream()
                .filter(f -> f.rule().equals("skew")).findFirst().orElseThrow().evidence().get("hotValueQuery");
    }

    /** Job {@code jobId}, run {@code jobId}01, delivered the delta-skew-join log with {@code edits}. */
    private static void hostileJob(long jobId, Map<String, String> edits) {
        Path log = Corpus.rewritten("delta-skew-join", edits, logs, "job-" + jobId + ".log.gz");
        BotHarness.addJob(bot.workspace, jobId, "hostile-" + jobId, "1204-hostile-" + jobId, log.toString(), jobId * 100 + 1, jobId * 100 + 1);
    }

    @BeforeEach
    void answerTheSalesStatement() {
        bot.workspace.onStatement(QUOTED_TABLE, salesByMarket());
    }

    /** The corpus's sales table counted by market: 8.5M rows on market 7 and 1.5M spread over the 1,999 others. */
    static StatementScript salesByMarket() {
        List<List<String>> rows = Stream.concat(Stream.of(List.of("7", "8500000", "10000000")),
                IntStream.range(1, 20).mapToObj(m -> List.of(String.valueOf(m), String.valueOf(751 - m), "10000000"))).toList();
        return StatementScript.succeeds(List.of("market_id", "rows", "all_rows"), List.of(rows)).typed(List.of("INT", "LONG", "LONG"));
    }

    @Test
    void theRequesterClicksAndTheThreadGetsTheHotValueItsShareAChartAndTheTargetedFix() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4501");

        click(finding, USER);
        click(finding, USER); // a double click
        await(WAIT, () -> threadText(finding).contains("Targeted fix"));
        await(WAIT, () -> bot.slack.calls("chat.postEphemeral").size() == 1);

        List<RecordedRequest> submitted = bot.workspace.requests("POST", "/api/2.0/sql/statements");
        assertEquals(1, submitted.size(), "a double click runs one statement");
        JsonNode statement = JSON.readTree(submitted.get(0).body());
        assertEquals(QUOTED_QUERY, statement.path("statement").asText(), "the query as Unity Catalog names the table, quoted");
        assertEquals(QUOTED_QUERY, hotValueQuery, "the query the finding shows is the one that runs");
        assertEquals(1, bot.workspace.requests("GET", "/api/2.1/unity-catalog/tables/" + TABLE).size(), "resolved first");
        assertEquals(WAREHOUSE, statement.path("warehouse_id").asText());
        assertEquals(20, statement.path("row_limit").asLong());
        assertEquals(1L << 20, statement.path("byte_limit").asLong());
        assertEquals("10s", statement.path("wait_timeout").asText());
        assertEquals("CONTINUE", statement.path("on_wait_timeout").asText());
        assertEquals("INLINE", statement.path("disposition").asText());

        String thread = threadText(finding);
        assertTrue(thread.contains("`market_id` = `7` holds 85% of rows (the next value under 0.1%): 8,500,000 rows in `" + TABLE + "`"),
                thread);
        assertTrue(thread.contains("HOT = 7;") && thread.contains("lh.join(F.broadcast(rh), [\"market_id\"], \"inner\")"), thread);
        assertTrue(bot.slack.calls("files.completeUploadExternal").stream().anyMatch(c -> c.params().toString()
                .contains("Top values of market_id in " + TABLE)), "the top values as a chart");
        assertTrue(bot.slack.calls("chat.postEphemeral").get(0).param("text").matches("(?s).*(already running|Already found).*"));
    }

    @Test
    void someoneWhoNeitherAskedNorApprovesIsRefusedAndNothingRuns() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4502");

        click(finding, BYSTANDER);
        await(WAIT, () -> !bot.slack.calls("chat.postEphemeral").isEmpty());

        FakeSlackApi.Call refusal = bot.slack.calls("chat.postEphemeral").get(0);
        assertEquals(BYSTANDER, refusal.param("user"));
        assertTrue(refusal.param("text").contains("only the person who asked for this analysis or an approver"), refusal.param("text"));
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.0/sql/statements"));
    }

    @Test
    void aStoppedWarehouseIsSaidToBeStartingAndTheAnswerComesOnceItRuns() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4503");
        bot.workspace.stopWarehouse(WAREHOUSE, 3);

        click(finding, APPROVER);
        await(WAIT, () -> threadText(finding).contains("holds 85% of rows"));

        String thread = threadText(finding);
        assertTrue(thread.contains("SQL warehouse `" + WAREHOUSE + "` is stopped, so the query starts it first"), thread);
        assertTrue(thread.indexOf("is stopped") < thread.indexOf("holds 85%"));
        assertTrue(bot.workspace.requests().stream().filter(r -> r.method().equals("GET") && r.path().startsWith("/api/2.0/sql/statements/"))
                .count() >= 3, "polled while the warehouse started");
    }

    @Test
    void aMissingSelectNamesTheGrantAndTheTable() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4504");
        bot.workspace.onStatement(QUOTED_TABLE, StatementScript.lacksSelectOn(TABLE));

        click(finding, USER);
        await(WAIT, () -> threadText(finding).contains("lacks SELECT"));

        String thread = threadText(finding);
        assertTrue(thread.contains("GRANT SELECT ON TABLE `spark_catalog`.`default`.`sales` TO `advisor@example.com`"), thread);
        assertTrue(thread.contains(hotValueQuery), "the query to run by hand");
    }

    @Test
    void aQueryOverItsBudgetIsCancelledAndGivenToRunByHand() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4505");
        bot.workspace.onStatement(QUOTED_TABLE, StatementScript.neverFinishing());

        click(finding, USER);
        await(WAIT, () -> threadText(finding).contains("budget"));

        String thread = threadText(finding);
        assertTrue(thread.contains("did not finish within its budget of 3 s on SQL warehouse `" + WAREHOUSE + "`"), thread);
        assertTrue(thread.contains(hotValueQuery), thread);
        assertEquals(1, bot.workspace.requests().stream().filter(r -> r.path().endsWith("/cancel")).count());
    }

    @Test
    void aWarehouseThatRefusesTheBotSaysWhichPermissionToGrant() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4506");
        bot.workspace.refuseWarehouse(WAREHOUSE);
        try {
            click(finding, USER);
            await(WAIT, () -> threadText(finding).contains("CAN USE"));
            assertTrue(threadText(finding).contains("may not use SQL warehouse " + WAREHOUSE), threadText(finding));
        } finally {
            bot.workspace.allowWarehouse(WAREHOUSE);
        }
    }

    @Test
    void onTheSkewScenarioThePlanReadNoTableSoTheQueryIsGivenToCopy() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4210");

        click(finding, USER);
        await(WAIT, () -> threadText(finding).contains("did not\nrun anything") || threadText(finding).contains("did not run anything"));

        assertTrue(threadText(finding).contains("SELECT `market_id`, COUNT(*) AS rows, SUM(COUNT(*)) OVER () AS all_rows FROM <table>"
                + " GROUP BY `market_id`"), threadText(finding));
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.0/sql/statements"));
    }

    /** Audit item 1: the key is an expression; pasted, it would run SELECT ... FROM vault.creds as the bot. */
    @Test
    void anInjectedShuffleKeyGetsNoButtonRunsNothingAndTheFindingSaysWhy() {
        bot.requests.command("run:4601", CHANNEL, USER);
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")));

        FakeSlackApi.Call finding = bot.slack.calls("chat.postMessage").stream()
                .filter(c -> c.param("blocks").contains("To confirm first") && c.param("blocks").contains("longer than the median"))
                .findFirst().orElseThrow();
        assertTrue(!finding.param("blocks").contains(HotValueIds.FIND), "no Find the hot value button");
        assertTrue(finding.param("blocks").contains("is not one plain column"), finding.param("blocks"));
        String everything = bot.slack.calls("chat.postMessage").toString();
        assertTrue(!everything.contains("vault.creds LIMIT 20 --, COUNT(*)"), "no query pastes the key");
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.0/sql/statements").stream()
                .filter(r -> !r.body().contains("system.compute.node_timeline")).toList(), "no statement but the machines' rows of the run's cluster");
        assertEquals(List.of(), bot.workspace.requests().stream().filter(r -> r.path().contains("unity-catalog")).toList());
    }

    /** A BatchScan whose name carries SQL after a backtick: not a table name, so nothing runs and the query is given to copy. */
    @Test
    void aTableNameWithABacktickAndCommentsRunsNothing() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4701");

        click(finding, USER);
        await(WAIT, () -> threadText(finding).contains("did not\nrun anything") || threadText(finding).contains("did not run anything"));

        String thread = threadText(finding);
        assertTrue(thread.contains("not a plain catalog name"), thread);
        assertTrue(!thread.contains("UNION/**/SELECT"), thread);
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.0/sql/statements"));
        assertEquals(List.of(), bot.workspace.requests().stream().filter(r -> r.path().contains("unity-catalog")).toList());
    }

    /** A Delta table read by path whose Location holds a backtick: the statement runs with the path one quoted identifier. */
    @Test
    void aDeltaLocationWithABacktickRunsOnlyAsOneQuotedIdentifier() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4801");
        bot.workspace.onStatement("`delta`.`" + DELTA_LOCATION, salesByMarket());

        click(finding, USER);
        // Who else may read files by path is not known: the values go to the clicker only.
        await(WAIT, () -> bot.slack.calls("chat.postMessage").stream().anyMatch(c -> c.param("channel").equals("D" + USER)
                && c.param("blocks").contains("holds 85% of rows")));

        List<RecordedRequest> submitted = bot.workspace.requests("POST", "/api/2.0/sql/statements");
        assertEquals(1, submitted.size());
        assertEquals("SELECT `market_id`, COUNT(*) AS rows, SUM(COUNT(*)) OVER () AS all_rows FROM `delta`.`" + DELTA_LOCATION
                + "`` UNION SELECT secret FROM vault.creds --` GROUP BY `market_id` ORDER BY rows DESC LIMIT 20",
                JSON.readTree(submitted.get(0).body()).path("statement").asText());
    }

    /** Audit item 6: the value found is answered in the thread but no database row keeps it, nor the query text. */
    @Test
    void theValueFoundIsInNoDatabaseRow() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4508");
        bot.workspace.onStatement(QUOTED_TABLE, StatementScript.succeeds(List.of("market_id", "rows", "all_rows"), List.of(List.of(
                List.of("SSN-078-05-1120", "3300", "10000"), List.of("SSN-219-09-9999", "10", "10000")))).typed(List.of("STRING", "LONG", "LONG")));

        click(finding, USER);
        await(WAIT, () -> threadText(finding).contains("Targeted fix"));

        assertTrue(threadText(finding).contains("`market_id` = `SSN-078-05-1120` holds 33% of rows"), threadText(finding));
        String rows = String.join("\n", HotValuesTest.everyRow(bot.db));
        assertTrue(rows.contains("4508-skew"), "the lookup is in the dump");
        for (String kept : List.of("SSN-078-05-1120", "078-05-1120", "SSN-219", "hotValueQuery", "COUNT(*)")) {
            assertTrue(!rows.contains(kept), kept + " in a row: " + rows);
        }
    }

    @Test
    void aTableUnityCatalogDoesNotKnowRunsNothingAndSaysSo() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4901");

        click(finding, USER);
        await(WAIT, () -> threadText(finding).contains("Unity Catalog knows no table"));

        assertTrue(threadText(finding).contains("Unity Catalog knows no table `" + TABLE + "_dropped` (the name the run's plan gives),"
                + " so I ran nothing"), threadText(finding));
        assertEquals(1, bot.workspace.requests("GET", "/api/2.1/unity-catalog/tables/" + TABLE + "_dropped").size());
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.0/sql/statements"));
    }

    @Test
    void theFollowUpOfTheSkewStepCountsTheHotKeyAgainOnTheNextRun() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4507");
        click(finding, USER);
        await(WAIT, () -> threadText(finding).contains("Targeted fix"));
        String id = value(finding);
        String approve = SlackPayloads.blockAction(finding, finding.param("blocks"), APPROVER, "approve_step", id, 1, bot.slack.responseUrl());
        assertEquals(200, bot.requests.interaction(approve).statusCode());
        await(WAIT, () -> !bot.workspace.requests("POST", "/api/2.2/jobs/update").isEmpty());
        await(WAIT, () -> threadText(finding).contains("approved step 1"));
        bot.workspace.onStatement(QUOTED_TABLE, StatementScript.succeeds(List.of("market_id", "rows", "all_rows"), List.of(List.of(
                List.of("7", "8800000", "11000000"), List.of("3", "900", "11000000")))).typed(List.of("INT", "LONG", "LONG")));
        bot.addNextRun(45, 4590, "delta-skew-join", "1204-delta-next", "delta-skew-join.log.gz");

        bot.followUp.poll();

        await(WAIT, () -> threadText(finding).contains("On run 4590"));
        assertTrue(threadText(finding).contains("On run 4590, `market_id` = `7` holds 80% of the rows of `" + TABLE
                + "` (it held 85% when it was found)"), threadText(finding));
        assertEquals(2, bot.workspace.requests("POST", "/api/2.0/sql/statements").size());
    }

    private static FakeSlackApi.Call postedSkewFinding(String query) {
        bot.requests.command(query, CHANNEL, USER);
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")));
        FakeSlackApi.Call finding = bot.slack.calls("chat.postMessage").stream()
                .filter(c -> c.param("blocks").contains("\"action_id\":\"" + HotValueIds.FIND + "\"")).findFirst().orElseThrow();
        bot.slack.clear();
        bot.workspace.clearRequests(); // the answer's own reads (its cluster's node_timeline) are not the click's
        return finding;
    }

    /** The posted finding's id, which its button carries. */
    private static String value(FakeSlackApi.Call finding) throws Exception {
        for (JsonNode block : JSON.readTree(finding.param("blocks"))) {
            if (block.path("block_id").asText().equals(HotValueIds.BLOCK)) {
                return block.path("elements").get(0).path("value").asText();
            }
        }
        throw new AssertionError("no hot-value button");
    }

    private static void click(FakeSlackApi.Call finding, String user) throws Exception {
        String payload = SlackPayloads.buttonClick(finding, finding.param("blocks"), user, HotValueIds.FIND, HotValueIds.BLOCK,
                value(finding), bot.slack.responseUrl());
        assertEquals(200, bot.requests.interaction(payload).statusCode());
    }

    /** What the thread's messages say, as Slack shows their blocks. */
    private static String threadText(FakeSlackApi.Call finding) {
        StringBuilder text = new StringBuilder();
        for (FakeSlackApi.Call reply : bot.threadReplies(finding.param("thread_ts"))) {
            try {
                JSON.readTree(reply.param("blocks")).forEach(b -> text.append(b.path("text").path("text").asText()).append('\n'));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return text.toString().replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }
}
