package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.WAREHOUSE;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.emulator.RecordedPeople;
import io.sparkadvisor.databricks.emulator.RecordedRequest;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.slack.HotValueIds;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * "Find the hot value" end to end: a signed ask into Bolt about a run of job 45, whose cluster delivered the corpus's
 * delta-skew-join log (a join of two Delta tables read by name, 85% of the sales rows on market 7); a signed click on
 * the skew finding's button; the statement the Databricks emulator's warehouse receives; and what the fake Slack shows.
 * Each test asks about a run of its own. Lookups get a 3 s budget, so the one that never finishes ends quickly.
 */
class HotValueEndToEndTest {
    private static final String APPROVER = "U0BOB";
    private static final String BYSTANDER = "U0EVE";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TABLE = "spark_catalog.default.sales";
    private static BotHarness bot;
    /** The query the finding shows, as the rules wrote it for the delta-skew-join log. */
    private static String hotValueQuery;

    @BeforeAll
    static void start() {
        bot = new BotHarness(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", APPROVER,
                "SPARK_ADVISOR_HOT_VALUE_SECONDS", "3"), Clock.systemUTC());
        BotHarness.addJob(bot.workspace, 45, "delta-skew-join", "1204-delta", "delta-skew-join.log.gz", 4501, 4510);
        RecordedPeople.table(bot.workspace, TABLE);
        RecordedPeople.grant(bot.workspace, "spark_catalog.default", TestPeople.TEAM, "USE_SCHEMA", "SELECT");
        hotValueQuery = (String) new Advisor(Thresholds.defaults()).advise(Corpus.facts("delta-skew-join")).findings().stream()
                .filter(f -> f.rule().equals("skew")).findFirst().orElseThrow().evidence().get("hotValueQuery");
    }

    @AfterAll
    static void stop() throws Exception {
        bot.close();
    }

    @BeforeEach
    void forgetEarlierCalls() {
        bot.workspace.onStatement(TABLE, salesByMarket());
        bot.slack.clear();
        bot.workspace.clearRequests();
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
        assertEquals(hotValueQuery, statement.path("statement").asText());
        assertTrue(hotValueQuery.contains("FROM " + TABLE + " GROUP BY market_id"), hotValueQuery);
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
        bot.workspace.onStatement(TABLE, StatementScript.lacksSelectOn(TABLE));

        click(finding, USER);
        await(WAIT, () -> threadText(finding).contains("lacks SELECT"));

        String thread = threadText(finding);
        assertTrue(thread.contains("GRANT SELECT ON TABLE " + TABLE + " TO `advisor@example.com`"), thread);
        assertTrue(thread.contains(hotValueQuery), "the query to run by hand");
    }

    @Test
    void aQueryOverItsBudgetIsCancelledAndGivenToRunByHand() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding("run:4505");
        bot.workspace.onStatement(TABLE, StatementScript.neverFinishing());

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

        assertTrue(threadText(finding).contains("GROUP BY market_id"), threadText(finding));
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
        bot.workspace.onStatement(TABLE, StatementScript.succeeds(List.of("market_id", "rows", "all_rows"), List.of(List.of(
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
