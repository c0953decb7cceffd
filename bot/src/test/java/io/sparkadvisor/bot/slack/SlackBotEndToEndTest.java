package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.emulator.Fault;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bot end to end over HTTP: signed requests into Bolt's Jetty server, answers out to a fake
 * Slack Web API, run data from the Databricks emulator, the skewed-join log from the corpus.
 */
class SlackBotEndToEndTest extends SharedBotTest {
    private static final Duration ANSWER = Duration.ofSeconds(60);

    @BeforeAll
    static void start() {
        bot = new BotHarness();
    }

    @Test
    void aSlashCommandIsAnsweredInAThreadWithProgressSummaryFindingsAndAChart() {
        long before = System.nanoTime();
        HttpResponse<String> ack = bot.requests.command(bot.runLink(4201), CHANNEL, USER);
        long ackMs = (System.nanoTime() - before) / 1_000_000;

        assertEquals(200, ack.statusCode());
        assertTrue(ack.body().contains("Looking into"), ack.body());
        assertTrue(ackMs < 3000, "acked in " + ackMs + " ms");
        String parentTs = awaitAnswer(CHANNEL);

        FakeSlackApi.Call parent = bot.slack.calls("chat.postMessage").get(0);
        assertEquals(CHANNEL, parent.param("channel"));
        assertEquals("", parent.param("thread_ts"), "the parent is the one message in the channel");
        assertTrue(parent.param("blocks").contains("<@" + USER + ">"));

        List<FakeSlackApi.Call> replies = bot.threadReplies(parentTs);
        String progressTs = replies.get(0).tsPosted();
        assertTrue(replies.get(0).param("text").contains("Resolving"), replies.get(0).param("text"));
        List<String> progress = bot.slack.calls("chat.update").stream().filter(c -> c.param("ts").equals(progressTs))
                .map(c -> c.param("text")).toList();
        assertTrue(progress.stream().anyMatch(t -> t.contains("Downloading the event log") && t.contains("MB") && t.contains("%")), progress.toString());
        assertTrue(progress.stream().anyMatch(t -> t.contains("Analysing")), progress.toString());
        assertTrue(progress.get(progress.size() - 1).contains("Done in"), progress.toString());

        FakeSlackApi.Call summary = replies.get(1);
        assertTrue(summary.param("blocks").contains("Run 4201 of skewed-join"), summary.param("blocks"));
        assertTrue(summary.param("blocks").contains(":red_circle:"), "severity marker");
        FakeSlackApi.Call skew = replies.stream().filter(r -> r.param("blocks").contains("market_id")).findFirst().orElseThrow();
        assertTrue(skew.param("blocks").contains("\"Approve\"") && skew.param("blocks").contains("\"Reject\""));
        assertTrue(skew.param("blocks").contains("\"action_id\":\"approve_step\""));
        assertTrue(skew.param("blocks").contains("\"value\":\"4201-skew@"));

        FakeSlackApi.Call complete = bot.slack.calls("files.completeUploadExternal").get(0);
        assertEquals(parentTs, complete.param("thread_ts"));
        assertEquals(CHANNEL, complete.param("channel_id"));
        assertTrue(complete.param("files").contains("Stage 2: task durations"), complete.param("files"));
        assertTrue(bot.slack.calls("files.getUploadURLExternal").get(0).param("filename").endsWith(".png"));
        assertTrue(bot.slack.calls("upload").get(0).bodyBytes() > 5_000, "a PNG was sent to the upload URL");

        bot.slack.calls().forEach(c -> assertFalse(c.params().toString().contains("Exception"), c.toString()));
        assertEquals(1, bot.skewLogReads());
        bot.slack.calls().stream().map(FakeSlackApi.Call::method).filter(m -> m.contains(".") && !m.equals("auth.test"))
                .forEach(m -> assertTrue(SlackAppManifestTest.SCOPE_OF_METHOD.containsKey(m), m + " is missing from the app manifest's scopes"));
    }

    @Test
    void aSlotFindingComesWithRunningTasksAgainstSlots() {
        bot.requests.command("run:4301", CHANNEL, USER);

        String parentTs = awaitAnswer(CHANNEL);
        assertTrue(bot.threadReplies(parentTs).stream().anyMatch(r -> r.param("blocks").contains("io-bound-slots")));
        FakeSlackApi.Call upload = bot.slack.calls("files.getUploadURLExternal").get(0);
        assertEquals("running-tasks-vs-slots.png", upload.param("filename"));
    }

    @Test
    void repliesRateLimitedBySlackArePostedOnceTheLimitPasses() {
        bot.slack.rateLimit("chat.postMessage", 2);
        bot.requests.command("run:4211", CHANNEL, USER);

        String parentTs = awaitAnswer(CHANNEL);
        assertEquals(2, bot.slack.calls("ratelimited").size());
        List<FakeSlackApi.Call> replies = bot.threadReplies(parentTs);
        assertTrue(replies.stream().anyMatch(r -> r.param("blocks").contains("Run 4211 of skewed-join")), "the summary");
        assertTrue(replies.stream().anyMatch(r -> r.param("blocks").contains("\"value\":\"4211-skew@")), "the skew finding");
    }

    @Test
    void aMentionAsksWhyAJobIsSlow() {
        String mention = SlackPayloads.mention("why is skewed-join slow?", "1700000001.000100");
        assertEquals(200, bot.requests.event(mention, "Ev001").statusCode());

        String parentTs = awaitAnswer(CHANNEL);
        assertTrue(bot.threadReplies(parentTs).stream().anyMatch(r -> r.param("blocks").contains("Run 4220 of skewed-join")));
    }

    @Test
    void aDirectMessageWithARunLinkIsAnsweredInTheConversation() {
        String dm = "{\"type\":\"message\",\"channel_type\":\"im\",\"user\":\"" + USER + "\",\"text\":\"can you look at <"
                + bot.runLink(4202).replaceFirst("\\?o=\\d+$", "") + "|this run>?\",\"ts\":\"1700000002.000100\",\"channel\":\"D0ANA\",\"event_ts\":\"1700000002.000100\"}";
        assertEquals(200, bot.requests.event(dm, "Ev002").statusCode());

        String parentTs = awaitAnswer("D0ANA");
        assertTrue(bot.threadReplies(parentTs).stream().anyMatch(r -> r.param("blocks").contains("market_id")));
    }

    @Test
    void aMentionWithoutARunGetsHelpOnlyTheAskerSees() {
        String mention = SlackPayloads.mention("help", "1700000003.000100");
        assertEquals(200, bot.requests.event(mention, "Ev004").statusCode());

        await(ANSWER, () -> !bot.slack.calls("chat.postEphemeral").isEmpty());
        FakeSlackApi.Call help = bot.slack.calls("chat.postEphemeral").get(0);
        assertEquals(USER, help.param("user"));
        assertTrue(help.param("blocks").contains("job:"), help.param("blocks"));
        assertEquals(List.of(), bot.slack.calls("chat.postMessage"));
    }

    @Test
    void aBadSignatureIsRefusedAndNothingIsPosted() throws InterruptedException {
        String body = bot.requests.slashCommandBody(bot.runLink(4203), CHANNEL, USER);
        HttpResponse<String> refused = bot.requests.send(body, "application/x-www-form-urlencoded", SignedRequests.now(), "not-the-secret");

        assertEquals(401, refused.statusCode());
        assertNothingHappens();
    }

    @Test
    void aRequestOlderThanFiveMinutesIsRefusedAndNothingIsPosted() throws InterruptedException {
        String body = bot.requests.slashCommandBody(bot.runLink(4204), CHANNEL, USER);
        HttpResponse<String> refused = bot.requests.send(body, "application/x-www-form-urlencoded",
                SignedRequests.now() - 301, BotHarness.SECRET);

        assertEquals(401, refused.statusCode());
        assertNothingHappens();
    }

    @Test
    void slackRetriesOfWhatWasTakenNeverStartASecondAnalysis() throws InterruptedException {
        String body = bot.requests.slashCommandBody(bot.runLink(4205), CHANNEL, USER);
        assertEquals(200, bot.requests.command(bot.runLink(4205), CHANNEL, USER).statusCode());
        assertEquals(200, bot.requests.send(body, "application/x-www-form-urlencoded", SignedRequests.now(),
                BotHarness.SECRET, "X-Slack-Retry-Num", "1", "X-Slack-Retry-Reason", "http_timeout").statusCode());
        String mention = SlackPayloads.mention("run:4205", "1.2");
        assertEquals(200, bot.requests.event(mention, "Ev003").statusCode());
        assertEquals(200, bot.requests.send(SlackPayloads.eventCallback(mention, "Ev003"), "application/json",
                SignedRequests.now(), BotHarness.SECRET, "X-Slack-Retry-Num", "1", "X-Slack-Retry-Reason", "http_timeout").statusCode());

        await(ANSWER, () -> bot.finishedParents() == 2);
        Thread.sleep(500);
        assertEquals(2, bot.parents().size(), "the command and the mention, each once: both retries were dropped");
        assertEquals(1, bot.skewLogReads());
    }

    @Test
    void aRetryOfAnEventWhoseFirstDeliveryNeverArrivedIsAnsweredOnce() throws InterruptedException {
        String event = SlackPayloads.eventCallback(SlackPayloads.mention("run:4213", "1.3"), "Ev006");
        assertEquals(200, bot.requests.send(event, "application/json", SignedRequests.now(), BotHarness.SECRET,
                "X-Slack-Retry-Num", "1", "X-Slack-Retry-Reason", "http_error").statusCode());
        assertEquals(200, bot.requests.send(event, "application/json", SignedRequests.now(), BotHarness.SECRET,
                "X-Slack-Retry-Num", "2", "X-Slack-Retry-Reason", "http_error").statusCode());

        String parentTs = awaitAnswer(CHANNEL);
        Thread.sleep(500);
        assertEquals(1, bot.parents().size(), "answered for the first delivery that arrived, not again for the next retry");
        assertTrue(bot.threadReplies(parentTs).stream().anyMatch(r -> r.param("blocks").contains("Run 4213 of skewed-join")));
    }

    @Test
    void peopleOfAnotherTeamInASharedChannelAreRefusedAndNothingIsAnalysed() throws InterruptedException {
        String body = bot.requests.slashCommandBody(bot.runLink(4214), CHANNEL, USER).replace("team_id=T111", "team_id=T0OTHER");
        HttpResponse<String> command = bot.requests.send(body, "application/x-www-form-urlencoded", SignedRequests.now(), BotHarness.SECRET);
        String mention = SlackPayloads.mention("run:4214", "1.4").replaceFirst("^\\{", "{\"user_team\":\"T0OTHER\",");
        HttpResponse<String> event = bot.requests.event(mention, "Ev007");

        assertEquals(200, command.statusCode());
        assertTrue(command.body().contains("members of the workspace that installed it"), command.body());
        assertEquals(200, event.statusCode(), "acked, so Slack does not resend it");
        assertNothingHappens();
    }

    @Test
    void twoConcurrentAsksForOneRunAreAnalysedOnceAndBothAnswered() {
        // a slow first log read keeps the first analysis running while the second ask arrives
        bot.workspace.failNext("GET", "/api/2.0/dbfs/read", Fault.slow(Duration.ofSeconds(2)), 1);
        CompletableFuture<HttpResponse<String>> first = CompletableFuture.supplyAsync(() -> bot.requests.command(bot.runLink(4206), CHANNEL, USER));
        CompletableFuture<HttpResponse<String>> second = CompletableFuture.supplyAsync(() -> bot.requests.command("run:4206", "C0OTHER", "U0BOB"));
        assertEquals(200, first.join().statusCode());
        assertEquals(200, second.join().statusCode());

        await(ANSWER, () -> bot.finishedParents() == 2);
        assertEquals(1, bot.skewLogReads(), "the log was read by one analysis");
        assertEquals(2, bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("blocks").contains("Run 4206 of skewed-join")
                && c.param("blocks").contains("header")).count(), "each asker got a summary");
    }

    @Test
    void aChannelTheBotIsNotInGetsTheAnswerThatItCannotPostThereThroughTheResponseUrl() {
        bot.requests.command("run:4207", FakeSlackApi.NOT_A_MEMBER, USER);

        await(ANSWER, () -> !bot.slack.calls("response_url").isEmpty());
        String reply = bot.slack.calls("response_url").get(0).param("json");
        assertTrue(reply.contains("not_in_channel") && reply.contains("/invite"), reply);
        assertEquals(0, bot.skewLogReads());
    }

    @Test
    void anUnknownRunGetsAClearMessage() {
        bot.requests.command("run:999999", CHANNEL, USER);
        String failure = awaitFailure();
        assertTrue(failure.contains("I can't find that run"), failure);
        assertFalse(failure.contains("Exception"), failure);
    }

    @Test
    void aRunWithoutAnEventLogGetsTheFix() {
        bot.requests.command("run:2001", CHANNEL, USER);
        String failure = awaitFailure();
        assertTrue(failure.contains("No Spark event log") && failure.contains("cluster_log_conf"), failure);
    }

    @Test
    void anUnreachableWorkspaceIsSaidSo() {
        bot.workspace.failNext("GET", "/api/2.2/jobs/runs/get", Fault.tooManyRequests(0), 4);
        bot.requests.command("run:4208", CHANNEL, USER);
        String failure = awaitFailure();
        assertTrue(failure.contains("The Databricks workspace is not answering"), failure);
    }

    @Test
    void aRefusedTokenIsAPermissionProblem() {
        bot.workspace.failNext("GET", "/api/2.2/jobs/runs/get", Fault.tokenExpired(), 1);
        bot.requests.command("run:4209", CHANNEL, USER);
        String failure = awaitFailure();
        assertTrue(failure.contains("I'm not allowed to read that run"), failure);
    }

    @Test
    void helpIsTheAckItselfAndPostsNothing() throws InterruptedException {
        HttpResponse<String> help = bot.requests.command("help", CHANNEL, USER);

        assertEquals(200, help.statusCode());
        assertTrue(help.body().contains("blocks") && help.body().contains("job:"), help.body());
        assertNothingHappens();
    }

    /** Waits until the parent in {@code channel} was edited into its final state; returns its ts. */
    private static String awaitAnswer(String channel) {
        await(ANSWER, () -> bot.finishedParents() >= 1);
        return bot.parents().stream().filter(c -> c.param("channel").equals(channel)).findFirst().orElseThrow().tsPosted();
    }

    private static String awaitFailure() {
        await(ANSWER, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("text").contains(":warning:")));
        return bot.slack.calls("chat.update").stream().map(c -> c.param("blocks")).filter(b -> b.contains(":warning:"))
                .findFirst().orElseThrow();
    }


    private static void assertNothingHappens() throws InterruptedException {
        Thread.sleep(1000);
        assertEquals(List.of(), bot.slack.posts());
        assertEquals(0, bot.skewLogReads());
    }
}
