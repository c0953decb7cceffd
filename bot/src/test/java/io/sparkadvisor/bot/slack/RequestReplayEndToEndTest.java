package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import io.sparkadvisor.templates.slack.ApprovalIds;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replays of signed requests, end to end over HTTP into Bolt: a request sent again within Slack's
 * five-minute signature window, byte for byte or re-signed with the trigger id Slack made for the
 * first, is dropped; Slack's own retries and a genuine request after a forged one still work.
 */
class RequestReplayEndToEndTest extends SharedBotTest {
    private static final Duration ANSWER = Duration.ofSeconds(60);
    private static final String FORM = "application/x-www-form-urlencoded";

    @BeforeAll
    static void start() {
        bot = new BotHarness();
    }

    @Test
    void aSlashCommandSentAgainWithItsSignatureAndTimestampMakesOneThread() throws InterruptedException {
        String body = bot.requests.slashCommandBody(bot.runLink(4201), CHANNEL, USER);
        long ts = SignedRequests.now();

        assertEquals(200, bot.requests.send(body, FORM, ts, BotHarness.SECRET).statusCode());
        assertEquals(200, bot.requests.send(body, FORM, ts, BotHarness.SECRET).statusCode());

        await(ANSWER, () -> bot.finishedParents() == 1);
        Thread.sleep(1000);
        assertEquals(1, bot.parents().size(), "one thread for the command and its replay");
        assertEquals(1, bot.skewLogReads());
    }

    @Test
    void aSlashCommandReSignedLaterWithTheSameTriggerIdIsDropped() throws InterruptedException {
        String body = bot.requests.slashCommandBody(bot.runLink(4202), CHANNEL, USER);

        assertEquals(200, bot.requests.send(body, FORM, SignedRequests.now() - 2, BotHarness.SECRET).statusCode());
        assertEquals(200, bot.requests.send(body, FORM, SignedRequests.now(), BotHarness.SECRET).statusCode());

        await(ANSWER, () -> bot.finishedParents() == 1);
        Thread.sleep(1000);
        assertEquals(1, bot.parents().size());
    }

    @Test
    void aForgedRequestCannotShutOutTheGenuineOneWithTheSameTriggerId() {
        String body = bot.requests.slashCommandBody(bot.runLink(4203), CHANNEL, USER);
        long ts = SignedRequests.now();

        assertEquals(401, bot.requests.send(body, FORM, ts, "not-the-secret").statusCode());
        assertEquals(200, bot.requests.send(body, FORM, ts, BotHarness.SECRET).statusCode());

        await(ANSWER, () -> bot.finishedParents() == 1);
    }

    @Test
    void aReplayedButtonClickIsAnsweredOnce() throws InterruptedException {
        FakeSlackApi.Call finding = postedFinding(4204);
        String click = "payload=" + URLEncoder.encode(SlackPayloads.blockAction(finding, finding.param("blocks"), USER,
                ApprovalIds.APPROVE, recommendationId(finding), 1, bot.slack.responseUrl()), StandardCharsets.UTF_8);
        long ts = SignedRequests.now();

        assertEquals(200, bot.requests.send(click, FORM, ts, BotHarness.SECRET).statusCode());
        assertEquals(200, bot.requests.send(click, FORM, ts, BotHarness.SECRET).statusCode());
        assertEquals(200, bot.requests.send(click, FORM, ts + 1, BotHarness.SECRET).statusCode());

        await(ANSWER, () -> !bot.slack.calls("chat.postEphemeral").isEmpty());
        Thread.sleep(1000);
        assertEquals(1, bot.slack.calls("chat.postEphemeral").size(), "the click (nobody may approve) is answered once, not thrice");
    }

    @Test
    void slackRetriesOfAnEventAreSignedAnewAndTheEventIdStillDecides() throws InterruptedException {
        String event = SlackPayloads.eventCallback(SlackPayloads.mention("run:4205", "1.5"), "EvReplay1");

        assertEquals(401, bot.requests.send(event, "application/json", SignedRequests.now() - 90, "not-the-secret").statusCode(),
                "a first delivery that never got through");
        assertEquals(200, bot.requests.send(event, "application/json", SignedRequests.now() - 60, BotHarness.SECRET,
                "X-Slack-Retry-Num", "1", "X-Slack-Retry-Reason", "http_error").statusCode());
        assertEquals(200, bot.requests.send(event, "application/json", SignedRequests.now(), BotHarness.SECRET,
                "X-Slack-Retry-Num", "2", "X-Slack-Retry-Reason", "http_timeout").statusCode());

        await(ANSWER, () -> bot.finishedParents() == 1);
        Thread.sleep(1000);
        assertEquals(1, bot.parents().size(), "the first retry is answered, the second is dropped by its event id");
    }

    /** Asks about {@code run} and returns the thread reply carrying a finding's Approve button. */
    private static FakeSlackApi.Call postedFinding(long run) {
        bot.requests.command("run:" + run, CHANNEL, USER);
        await(ANSWER, () -> bot.finishedParents() == 1);
        FakeSlackApi.Call finding = bot.slack.calls("chat.postMessage").stream()
                .filter(c -> c.param("blocks").contains("\"action_id\":\"" + ApprovalIds.APPROVE + "\"")).findFirst().orElseThrow();
        bot.slack.clear();
        return finding;
    }

    private static String recommendationId(FakeSlackApi.Call finding) {
        Matcher value = Pattern.compile("\"value\":\"([^\"]+):1\"").matcher(finding.param("blocks"));
        value.find();
        return value.group(1);
    }
}
