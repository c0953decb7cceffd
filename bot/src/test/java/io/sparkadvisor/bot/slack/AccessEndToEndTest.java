package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.emulator.RecordedPeople;
import io.sparkadvisor.templates.slack.HotValueIds;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bot acts for a person, end to end: signed requests into the real Bolt app, the fake Slack's
 * users.info email, and the emulator's SCIM users, job permissions and Unity Catalog grants over the
 * real SDK. Each test asks about a run of its own. U0BOB approves and is in the team that manages the
 * jobs; U0MAL is on the approver list too but in no Databricks group.
 */
class AccessEndToEndTest extends SharedBotTest {
    private static final String APPROVER = "U0BOB";
    private static final String OUTSIDER = "U0MAL";
    private static final String OTHER_CHANNEL = "C0OTHER";
    private static final String TABLE = "spark_catalog.default.sales";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @BeforeAll
    static void start() {
        bot = new BotHarness(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", APPROVER + "," + OUTSIDER,
                "SPARK_ADVISOR_HOT_VALUE_SECONDS", "10"), Clock.systemUTC());
        RecordedPeople.user(bot.workspace, FakeSlackApi.email(OUTSIDER));
        BotHarness.addJob(bot.workspace, 46, "payroll-etl", "1204-payroll", "skew.log.gz", 4601, 4601);
        RecordedPeople.jobAcl(bot.workspace, 46, Map.of(FakeSlackApi.email(APPROVER), "IS_OWNER"));
        BotHarness.addJob(bot.workspace, 47, "ana-private", "1204-private", "io-bound.log.gz", 4701, 4701);
        RecordedPeople.jobAcl(bot.workspace, 47, Map.of(FakeSlackApi.email(USER), "IS_OWNER"));
        BotHarness.addJob(bot.workspace, 48, "team-etl", "1204-team", "io-bound.log.gz", 4801, 4802);
        RecordedPeople.jobAcl(bot.workspace, 48, Map.of(TestPeople.TEAM, "CAN_VIEW"));
        BotHarness.addJob(bot.workspace, 45, "delta-skew-join", "1204-delta", "delta-skew-join.log.gz", 4501, 4502);
        bot.workspace.addTable(TABLE, "DELTA", null);
        RecordedPeople.grant(bot.workspace, TABLE, FakeSlackApi.email(USER), "SELECT");
    }

    @Test
    void aRequesterWithoutCanViewIsRefusedAndNothingIsAnalysedOrPosted() throws Exception {
        bot.requests.command("run:4601", CHANNEL, USER);

        String refusal = awaitWhisperTo(USER);
        assertTrue(refusal.contains("This needs CAN VIEW on job 46, and u0ana@example.com does not have it"), refusal);
        Thread.sleep(500);
        assertEquals(List.of(), postsAbout("4601"), "nothing in the channel");
        assertEquals(List.of(), requestsAbout("/api/2.0/dbfs/read", "1204-payroll"), "no log read");
        assertEquals(List.of(), requestsAbout("/api/2.1/clusters/get", "1204-payroll"), "nothing analysed");
    }

    @Test
    void anAdvisorThatMayNotReadTheJobsPermissionsAnswersNothing() throws Exception {
        bot.workspace.advisorIsAdmin(false);
        try {
            bot.requests.command("run:4208", CHANNEL, USER);

            String refusal = awaitWhisperTo(USER);
            assertTrue(refusal.contains("I could not check your permissions in Databricks, so I did nothing")
                    && refusal.contains("permissions of job 42"), refusal);
            Thread.sleep(500);
            assertEquals(List.of(), postsAbout("4208"));
            assertEquals(List.of(), requestsAbout("/api/2.1/clusters/get", "1203-skew"), "nothing analysed");
        } finally {
            bot.workspace.advisorIsAdmin(true);
        }
    }

    @Test
    void historyOfAJobTheRequesterMayNotSeeIsRefused() {
        bot.requests.command("history job:46", CHANNEL, USER);

        await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
        String reply = bot.slack.calls("response_url").get(0).param("json");
        assertTrue(reply.contains("This needs CAN VIEW on job 46"), reply);
    }

    @Test
    void aSlackUserWithNoDatabricksUserIsRefusedWithWordsBeforeAnythingIsRead() throws Exception {
        bot.slack.email("U0ZED", "zed@elsewhere.example");
        bot.slack.email("U0NOMAIL", null);

        bot.requests.command("run:4205", CHANNEL, "U0ZED");
        bot.requests.command("run:4206", CHANNEL, "U0NOMAIL");

        assertTrue(awaitWhisperTo("U0ZED").contains("I could not find a Databricks user for your Slack email zed@elsewhere.example"));
        assertTrue(awaitWhisperTo("U0NOMAIL").contains("I could not read an email on your Slack profile"));
        Thread.sleep(500);
        assertEquals(List.of(), postsAbout("4205"));
        assertEquals(List.of(), postsAbout("4206"));
        assertEquals(List.of(), requestsAbout("/api/2.2/jobs/runs/get", "4205"), "the run is not even looked up");
        assertEquals(List.of(), requestsAbout("/api/2.2/jobs/runs/get", "4206"));
        assertEquals(1, requestsAbout("/api/2.0/preview/scim/v2/Users", "elsewhere.example").size(), "one SCIM lookup, for the email");
    }

    @Test
    void aJobVisibleOnlyToItsOwnerIsAnsweredByDirectMessageWithANoteInTheChannel() {
        bot.requests.command("run:4701", CHANNEL, USER);

        String dm = "D" + USER;
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("channel").equals(dm)
                && c.param("blocks").contains("Details in the thread")));
        assertEquals(USER, bot.slack.calls("conversations.open").get(0).param("users"));
        List<FakeSlackApi.Call> inChannel = bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("channel").equals(CHANNEL)).toList();
        assertEquals(1, inChannel.size(), "one line in the channel");
        assertTrue(inChannel.get(0).param("text").contains("I sent you the answer privately: job 47 is not visible to everyone here"),
                inChannel.get(0).param("text"));
        assertTrue(bot.slack.calls("chat.postMessage").stream().filter(c -> !c.param("channel").equals(CHANNEL))
                .allMatch(c -> c.param("channel").equals(dm)), "the answer went to the asker only");
        assertTrue(bot.slack.calls("chat.update").stream().allMatch(c -> c.param("channel").equals(dm)));
    }

    @Test
    void aJobSharedWithTheGroupBoundToTheChannelIsAnsweredThereAndPrivatelyElsewhere() {
        bot.requests.command("run:4801", CHANNEL, USER);
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("channel").equals(CHANNEL)
                && c.param("blocks").contains("Details in the thread")));
        assertEquals(List.of(), bot.slack.calls("conversations.open"), CHANNEL + " is bound to " + TestPeople.TEAM);

        bot.requests.command("run:4802", OTHER_CHANNEL, USER);
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("channel").equals("D" + USER)));
        assertTrue(bot.slack.calls("chat.postMessage").stream().anyMatch(c -> c.param("channel").equals(OTHER_CHANNEL)
                && c.param("text").contains("job 48 is not visible to everyone here")));
    }

    @Test
    void anApproverWithoutCanManageChangesNothingAndTheAuditRowOfOneWhoMayHoldsTheirPrincipal() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding(4207, USER);
        String id = idOf(finding);
        String before = Files.readString(bot.workspace.root().resolve("jobs/42.json"));

        click(finding, OUTSIDER, id);
        String refusal = awaitWhisperTo(OUTSIDER);
        assertTrue(refusal.contains("This needs CAN MANAGE on job 42, and u0mal@example.com does not have it"), refusal);
        Thread.sleep(500);
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.2/jobs/update"));
        assertEquals(before, Files.readString(bot.workspace.root().resolve("jobs/42.json")), "the job's settings are unchanged");
        assertEquals(ChangeState.PROPOSED, new Changes(bot.db).find(id, 1).orElseThrow().state());

        click(finding, APPROVER, id);
        await(WAIT, () -> new Changes(bot.db).find(id, 1).orElseThrow().state() == ChangeState.APPLIED);
        AuditEntry approved = new Changes(bot.db).audit(42).stream().filter(e -> e.recommendationId().equals(id))
                .filter(e -> e.action().id().equals("approved")).findFirst().orElseThrow();
        assertEquals(APPROVER, approved.actor());
        assertEquals(FakeSlackApi.email(APPROVER), approved.principal());
    }

    @Test
    void aRequesterWithoutSelectOnTheTableIsRefusedAndNoStatementRuns() throws Exception {
        FakeSlackApi.Call finding = postedSkewFinding(4501, OUTSIDER);

        clickHotValue(finding, OUTSIDER);
        String refusal = awaitWhisperTo(OUTSIDER);
        assertTrue(refusal.contains("reads table " + TABLE + ", and u0mal@example.com has no SELECT on it"), refusal);
        Thread.sleep(500);
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.0/sql/statements"), "no statement ran");
    }

    @Test
    void hotValuesTheChannelsGroupMayNotReadGoToTheClickerOnly() throws Exception {
        bot.workspace.onStatement(HotValueEndToEndTest.QUOTED_TABLE, HotValueEndToEndTest.salesByMarket());
        FakeSlackApi.Call finding = postedSkewFinding(4502, USER);

        clickHotValue(finding, USER);
        String dm = "D" + USER;
        await(WAIT, () -> bot.slack.calls("chat.postMessage").stream().anyMatch(c -> c.param("channel").equals(dm)
                && c.param("blocks").contains("holds 85% of rows")));
        List<FakeSlackApi.Call> thread = bot.threadReplies(finding.param("thread_ts"));
        assertTrue(thread.stream().anyMatch(c -> c.param("text").contains("I sent you the hot value privately: not everyone here may read "
                + TABLE)));
        assertTrue(thread.stream().noneMatch(c -> c.param("blocks").contains("holds 85%")), "no value in the channel's thread");
    }

    private static FakeSlackApi.Call postedSkewFinding(long run, String user) {
        FakeSlackApi.Call finding = bot.postedFinding(run, user, "skew");
        bot.workspace.clearRequests();
        return finding;
    }

    private static String idOf(FakeSlackApi.Call finding) {
        Matcher value = Pattern.compile("\"value\":\"([^\"]+):1\"").matcher(finding.param("blocks"));
        assertTrue(value.find(), finding.param("blocks"));
        return value.group(1);
    }

    private static void click(FakeSlackApi.Call finding, String user, String recommendationId) {
        String payload = SlackPayloads.blockAction(finding, finding.param("blocks"), user, "approve_step", recommendationId, 1,
                bot.slack.responseUrl());
        assertEquals(200, bot.requests.interaction(payload).statusCode());
    }

    private static void clickHotValue(FakeSlackApi.Call finding, String user) {
        Matcher value = Pattern.compile("\"value\":\"(\\d+-skew@[0-9.]+)\"").matcher(finding.param("blocks"));
        assertTrue(value.find(), finding.param("blocks"));
        String id = value.group(1);
        String payload = SlackPayloads.buttonClick(finding, finding.param("blocks"), user, HotValueIds.FIND, HotValueIds.BLOCK, id,
                bot.slack.responseUrl());
        assertEquals(200, bot.requests.interaction(payload).statusCode());
    }

    /** Messages posted about {@code run} (its parent names the ask), whichever test's work is still finishing. */
    private static List<FakeSlackApi.Call> postsAbout(String run) {
        return bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("blocks").contains(run)).toList();
    }

    private static List<io.sparkadvisor.databricks.emulator.RecordedRequest> requestsAbout(String path, String queryPart) {
        return bot.workspace.requests("GET", path).stream().filter(r -> r.query().contains(queryPart)).toList();
    }

    /** The first reply only {@code user} sees. */
    private static String awaitWhisperTo(String user) {
        await(WAIT, () -> bot.slack.calls("chat.postEphemeral").stream().anyMatch(c -> c.param("user").equals(user)));
        return bot.slack.calls("chat.postEphemeral").stream().filter(c -> c.param("user").equals(user)).findFirst().orElseThrow()
                .param("text");
    }
}
