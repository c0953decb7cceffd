package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.digest.DigestsTest;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.emulator.RecordedRequest;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The digest through the real Bolt app with signed requests: subscribe, an ephemeral preview, the
 * scheduled post in the channel with its chart, and unsubscribe; costs from the emulated warehouse.
 */
class DigestEndToEndTest extends SharedBotTest {
    static final Duration WAIT = Duration.ofSeconds(30);
    static final ObjectMapper JSON = new ObjectMapper();
    static final String APPROVER = "U0BOSS";
    /** Approvers who preview: one each, as a person gets a preview at most every ten minutes. */
    private static final String PREVIEWERS = "U0FIRST,U0WASTE,U0SCOPE,U0PREVIEW";
    /** A member of the digest admin group: may subscribe and unsubscribe, not approve. */
    static final String ADMIN = FakeSlackApi.GROUP_MEMBER;
    /** A finding's saving as its message states it. */
    static final Pattern SAVES = Pattern.compile("saves (up to|about) [^\"]*? per run");

    @BeforeAll
    static void start() {
        bot = new BotHarness(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", String.join(",", APPROVER,
                        PREVIEWERS),
                "SPARK_ADVISOR_DIGEST_ADMIN_GROUP", FakeSlackApi.GROUP), Clock.systemUTC());
        scriptBilling(bot);
    }

    /** A week of 1,500.00 USD over jobs 42 and 43 against 1,200.00, in two chunks after a poll, and two days of daily costs. */
    static void scriptBilling(BotHarness bot) {
        bot.workspace.onStatement("total_previous_cost", StatementScript.succeeds(DigestsTest.WEEKLY, List.of(
                List.of(List.of("42", "skewed-join", "7", "1000", "1000.00", "7", "800.00", "USD", "1500.00", "1200.00")),
                List.of(List.of("43", "io-bound-scan", "7", "500", "500.00", "7", "400.00", "USD", "1500.00", "1200.00")))).afterPolls(1));
        bot.workspace.onStatement("GROUP BY job_id, usage_date", StatementScript.succeeds(List.of("job_id", "usage_date", "cost"), List.of(
                List.of(List.of("42", "2026-11-23", "400"), List.of("43", "2026-11-23", "100")),
                List.of(List.of("42", "2026-11-24", "600"), List.of("43", "2026-11-24", "400")))));
    }

    @BeforeEach
    void resetTheSchedulersClock() {
        bot.digestScheduler.setTime(BotHarness.NOW);
    }

    @Test
    void subscribePreviewPostedOnScheduleOnceThenUnsubscribe() throws Exception {
        assertEquals("This channel gets the weekly jobs cost digest every mon 09:00 Europe/Berlin; the next one on"
                + " Mon 30 Nov 2026 09:00 CET.", reply("digest subscribe mon 09:00 Europe/Berlin", ADMIN).path("text").asText().replace(":calendar: ", ""));

        JsonNode preview = reply("digest preview", "U0FIRST");
        assertEquals("ephemeral", preview.path("response_type").asText());
        String shown = preview.path("blocks").toString();
        assertTrue(shown.contains("spend $1,500.00, up 25.0% from $1,200.00 the week before")
                && shown.contains("skewed-join (job 42): $1,000.00 in 7 runs, +25.0% vs $800.00"), shown);
        assertEquals(List.of(), bot.slack.calls("chat.postMessage"), "a preview is not posted in the channel");

        bot.digestScheduler.setTime(Instant.parse("2026-11-30T07:59:00Z"));
        bot.digestScheduler.runAnyDueExecutions();
        assertEquals(List.of(), bot.slack.calls("chat.postMessage"));
        bot.digestScheduler.setTime(Instant.parse("2026-11-30T08:00:00Z"));
        bot.digestScheduler.runAnyDueExecutions();
        bot.digestScheduler.runAnyDueExecutions();
        List<FakeSlackApi.Call> posts = bot.slack.calls("chat.postMessage");
        assertEquals(1, posts.size(), "one digest for the week");
        assertEquals(CHANNEL, posts.get(0).param("channel"));
        assertTrue(posts.get(0).param("blocks").contains("Jobs cost, Mon 23 Nov 2026 to Sun 29 Nov 2026"), posts.get(0).param("blocks"));
        FakeSlackApi.Call chart = bot.slack.calls("files.completeUploadExternal").get(0);
        assertEquals(posts.get(0).tsPosted(), chart.param("thread_ts"), "the chart goes in the digest's thread");
        assertTrue(bot.slack.calls("upload").get(0).bodyBytes() > 1000, "a PNG was uploaded");

        bot.slack.clear();
        assertEquals("This channel no longer gets the weekly digest.", reply("digest unsubscribe", ADMIN).path("text").asText());
        bot.digestScheduler.setTime(Instant.parse("2026-12-07T08:00:00Z"));
        bot.digestScheduler.runAnyDueExecutions();
        assertEquals(List.of(), bot.slack.calls("chat.postMessage"));
    }

    /** The skew corpus run's finding saves at most what its straggler costs; the digest says "up to", as the finding did. */
    @Test
    void aFindingsWasteLineSaysWhatTheFindingSaid() throws Exception {
        bot.requests.command("run:4201", CHANNEL, USER);
        await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")));
        String finding = bot.slack.calls("chat.postMessage").stream().map(c -> c.param("blocks")).filter(b -> b.contains("rule `skew`"))
                .findFirst().orElseThrow();
        Matcher said = SAVES.matcher(finding);
        assertTrue(said.find(), finding);
        bot.slack.clear();

        // The preview's week ends the day before the scheduler's day: two days on, it holds this analysis in any time zone.
        bot.digestScheduler.setTime(Instant.now().plus(Duration.ofDays(2)));
        String shown = reply("digest preview", "U0WASTE").path("blocks").toString();

        assertEquals("saves up to 19.5 s and 0.005 core-hours per run", said.group());
        assertTrue(shown.contains("skew on Run 4201 of skewed-join, run 4201: One task in stage 2 runs 11x longer than the median"
                + " (29.1 s vs 2.5 s); " + said.group()), shown);
    }

    @Test
    void aSubscriptionForAnotherChannelWithItsOwnNoiseControls() throws Exception {
        String text = reply("digest subscribe <#C0COSTS|costs> fri 17:00 America/New_York min=2000 only-on-increase", APPROVER)
                .path("text").asText();
        assertEquals(":calendar: Channel C0COSTS gets the weekly jobs cost digest every fri 17:00 America/New_York; the next one on"
                + " Fri 27 Nov 2026 17:00 EST. Weeks under 2000 are not posted. Only weeks that cost more than the week before are posted.", text);
        var subscription = new DigestSubscriptions(bot.db).find("C0COSTS").orElseThrow();
        assertEquals(new BigDecimal("2000"), subscription.minWeeklyCost().stripTrailingZeros().setScale(0));
        assertEquals(Boolean.TRUE, subscription.onlyOnIncrease());

        bot.digestScheduler.setTime(Instant.parse("2026-11-27T22:00:00Z"));
        bot.digestScheduler.runAnyDueExecutions();
        assertEquals(List.of(), bot.slack.calls("chat.postMessage"), "1,500.00 is under the channel's minimum");
        assertEquals(LocalDate.parse("2026-11-20"), new DigestSubscriptions(bot.db).find("C0COSTS").orElseThrow().lastWeek(),
                "the week was due and dealt with");
        reply("digest unsubscribe <#C0COSTS|costs>", APPROVER);
    }

    @Test
    void onlyApproversAndDigestAdminsSubscribeOrUnsubscribeAChannel() throws Exception {
        String refused = reply("digest subscribe mon 09:00 UTC").path("text").asText();
        assertTrue(refused.startsWith(":no_entry: Only approvers and digest admins may subscribe a channel to the cost digest"), refused);
        assertTrue(refused.contains("SPARK_ADVISOR_DIGEST_ADMIN_GROUP"), "names the settings that say who may: " + refused);
        assertTrue(new DigestSubscriptions(bot.db).find(CHANNEL).isEmpty(), "no subscription row");
        refused = reply("digest subscribe <#C0EXEC|exec> mon 09:00 UTC").path("text").asText();
        assertTrue(refused.contains("Only approvers and digest admins may subscribe"), refused);
        assertTrue(new DigestSubscriptions(bot.db).find("C0EXEC").isEmpty());

        reply("digest subscribe <#C0EXEC|exec> mon 09:00 UTC", APPROVER);
        String notRemoved = reply("digest unsubscribe <#C0EXEC|exec>").path("text").asText();
        assertTrue(notRemoved.contains("Only approvers and digest admins may"), notRemoved);
        assertTrue(new DigestSubscriptions(bot.db).find("C0EXEC").isPresent(), "a non-approver cannot unsubscribe it either");
        assertEquals("Channel C0EXEC no longer gets the weekly digest.", reply("digest unsubscribe <#C0EXEC|exec>", APPROVER).path("text").asText());
    }

    @Test
    void aChannelSharedOutsideTheCompanyOrWhoseSharingSlackCannotTellIsNotSubscribed() throws Exception {
        bot.slack.share("C0CONNECT", "is_ext_shared");
        String refused = reply("digest subscribe <#C0CONNECT|partners> mon 09:00 UTC", APPROVER).path("text").asText();
        assertEquals("Channel C0CONNECT is shared with people outside your organisation (Slack Connect), so it gets no cost digest:"
                + " job names and costs stay inside the company. Use an internal channel.", refused);
        assertTrue(new DigestSubscriptions(bot.db).find("C0CONNECT").isEmpty(), "no subscription row");

        bot.slack.share("C0GRID", "is_org_shared");
        refused = reply("digest subscribe <#C0GRID|all-hands> mon 09:00 UTC", APPROVER).path("text").asText();
        assertTrue(refused.contains("shared across the workspaces of your Enterprise Grid organisation")
                && refused.contains("digest.orgSharedChannels: true"), refused);
        assertTrue(new DigestSubscriptions(bot.db).find("C0GRID").isEmpty());

        refused = reply("digest subscribe <#" + FakeSlackApi.NOT_A_MEMBER + "|secret> mon 09:00 UTC", APPROVER).path("text").asText();
        assertTrue(refused.startsWith("Slack could not tell whether Channel " + FakeSlackApi.NOT_A_MEMBER
                + " is shared outside your organisation (conversations.info answered channel_not_found)"), refused);
        assertTrue(refused.contains("Invite the bot to the channel"), refused);
        assertTrue(new DigestSubscriptions(bot.db).find(FakeSlackApi.NOT_A_MEMBER).isEmpty(), "fails closed");
    }

    @Test
    void aChannelSharedAfterSubscribingGetsNoDigestWhileSharedAndTheSubscriptionStays() throws Exception {
        String later = "C0LATER";
        reply("digest subscribe <#" + later + "|later> mon 09:00 UTC", APPROVER);
        bot.slack.share(later, "is_ext_shared");

        bot.digestScheduler.setTime(Instant.parse("2026-11-30T09:00:00Z"));
        bot.digestScheduler.runAnyDueExecutions();
        assertTrue(bot.slack.calls("conversations.info").stream().anyMatch(c -> c.param("channel").equals(later)), "asked before posting");
        assertEquals(List.of(), bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("channel").equals(later)).toList(),
                "no digest in a channel shared outside the company");
        assertTrue(new DigestSubscriptions(bot.db).find(later).isPresent(), "the subscription stays");

        bot.slack.unshare(later);
        bot.digestScheduler.setTime(Instant.parse("2026-12-07T09:00:00Z"));
        bot.digestScheduler.runAnyDueExecutions();
        assertEquals(1, bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("channel").equals(later)
                && c.param("thread_ts").isEmpty()).count(), "internal again: the digest resumes");
        reply("digest unsubscribe <#" + later + "|later>", APPROVER);
    }

    @Test
    void theBillingQueriesKeepToTheWorkspaceWhoseIdItsAnswersTell() throws Exception {
        bot.workspace.clearRequests();
        reply("digest preview", "U0SCOPE");

        List<RecordedRequest> statements = bot.workspace.requests("POST", "/api/2.0/sql/statements");
        assertTrue(!statements.isEmpty(), "the preview ran the billing queries");
        for (RecordedRequest statement : statements) {
            JsonNode body = JSON.readTree(statement.body());
            assertTrue(body.path("statement").asText().contains("u.workspace_id = :workspace_id"), body.toString());
            assertTrue(body.path("parameters").toString().contains("{\"type\":\"STRING\",\"name\":\"workspace_id\",\"value\":\""
                    + WorkspaceEmulator.WORKSPACE_ID + "\"}"), "learned from X-Databricks-Org-Id: " + body.path("parameters"));
        }
    }

    @Test
    void aWorkspaceWhoseIdCannotBeLearnedGetsAnEstimateSayingWhyAndNoBillingQuery() throws Exception {
        try (BotHarness unknown = new BotHarness(TestDatabases.fresh(TestDatabases.Kind.H2), Map.of("SPARK_ADVISOR_APPROVERS", USER),
                Clock.systemUTC())) {
            scriptBilling(unknown);
            unknown.workspace.sendsWorkspaceId(false);
            assertEquals(200, unknown.requests.command("digest preview", CHANNEL, USER).statusCode());
            await(WAIT, () -> !unknown.slack.calls("response_url").isEmpty());

            String shown = unknown.slack.calls("response_url").get(0).param("json");
            assertTrue(shown.contains("(estimate)") && shown.contains("this workspace\\u0027s id could not be learned")
                    && shown.contains("set DATABRICKS_WORKSPACE_ID, or digest.billingScope: account"), shown);
            assertEquals(List.of(), unknown.workspace.requests("POST", "/api/2.0/sql/statements"), "no account-wide statement ran");
        }
    }

    @Test
    void aPreviewIsForApproversAndDigestAdminsOnly() throws Exception {
        String refused = reply("digest preview").path("text").asText();
        assertTrue(refused.startsWith(":no_entry: Only approvers and digest admins may preview the cost digest"), refused);
        assertEquals(List.of(), bot.workspace.requests("POST", "/api/2.0/sql/statements"), "no billing statement ran");
    }

    @Test
    void aSecondPreviewWithinTenMinutesIsRefusedWithoutAQuery() throws Exception {
        String user = "U0PREVIEW";
        reply("digest preview", user);
        int statements = bot.workspace.requests("POST", "/api/2.0/sql/statements").size();

        String again = reply("digest preview", user).path("text").asText();
        assertTrue(again.contains("the next one is possible in 10 min"), again);
        assertEquals(statements, bot.workspace.requests("POST", "/api/2.0/sql/statements").size(), "no warehouse time spent");

        bot.digestScheduler.setTime(BotHarness.NOW.plus(Duration.ofMinutes(11)));
        assertTrue(reply("digest preview", user).path("blocks").size() > 0, "a preview again after ten minutes");
    }

    @Test
    void aScheduleThatIsNoneIsExplainedToTheAsker() throws Exception {
        String text = reply("digest subscribe every other tuesday", ADMIN).path("text").asText();
        assertTrue(text.startsWith(":warning: \"every other tuesday\" is not a schedule"), text);
        assertTrue(text.contains("digest subscribe [#channel]"), text);
    }

    /** The answer to a slash command, sent to its response URL. */
    private static JsonNode reply(String command) throws Exception {
        return reply(command, USER);
    }

    private static JsonNode reply(String command, String user) throws Exception {
        assertEquals(200, bot.requests.command(command, CHANNEL, user).statusCode());
        await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
        JsonNode answer = JSON.readTree(bot.slack.calls("response_url").get(0).param("json"));
        bot.slack.clear();
        return answer;
    }
}
