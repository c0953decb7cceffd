package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.APP_TOKEN;
import static io.sparkadvisor.bot.slack.BotHarness.BOT_TOKEN;
import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.config.BadInputException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bot over Socket Mode, as teams behind a firewall run it: Bolt asks the fake Web API
 * (SLACK_API_URL) for the websocket URL with the app-level token, connects to the local Socket
 * Mode endpoint, acks each envelope over the socket within Slack's three seconds, and answers
 * through the Web API.
 */
class SocketModeEndToEndTest {
    private static final Duration ACK = Duration.ofSeconds(3);
    private static final Duration ANSWER = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final PrintStream STDERR = System.err;
    /** What the bot's loggers (slf4j-simple, on System.err) wrote while it ran. */
    private static final ByteArrayOutputStream LOGGED = new ByteArrayOutputStream();
    private static BotHarness bot;

    @BeforeAll
    static void start() {
        System.setErr(new PrintStream(LOGGED, true, StandardCharsets.UTF_8));
        bot = BotHarness.overSocketMode();
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            bot.close();
        } finally {
            System.setErr(STDERR);
            STDERR.print(LOGGED.toString(StandardCharsets.UTF_8)); // kept for whoever reads the test's output
        }
    }

    @Test
    void theSocketUrlComesFromApiUrlsAppsConnectionsOpenWithTheAppToken() {
        // Bolt asks twice on start (the client, then its first endpoint); FakeSlackApi gives a URL to xapp- tokens only
        assertFalse(bot.slack.calls("apps.connections.open").isEmpty());
        assertEquals(List.of(FakeSocketMode.PATH), bot.socket.paths(), "one connection, to the URL it was given");
    }

    @Test
    void aSlashCommandIsAckedOverTheSocketAndAnsweredInAThread() {
        String id = bot.socket.send("slash_commands", command("run:4215"));

        JsonNode ack = awaitAck(id);
        assertTrue(ack.path("payload").path("text").asText().contains("Looking into `run:4215`"), ack.toString());
        String parentTs = awaitAnswer("Run 4215 of skewed-join");
        FakeSlackApi.Call parent = bot.slack.calls("chat.postMessage").stream().filter(c -> c.tsPosted().equals(parentTs))
                .findFirst().orElseThrow();
        assertTrue(parent.param("blocks").contains("<@" + USER + ">"), parent.param("blocks"));
        assertTrue(bot.threadReplies(parentTs).get(0).param("text").contains("Resolving"), "the progress line opens the thread");
    }

    @Test
    void aMentionIsAckedAndAnswered() {
        String id = bot.socket.send("events_api", SlackPayloads.eventCallback(SlackPayloads.mention("run:4216", "1700000005.000100"), "Ev101"));

        assertTrue(awaitAck(id).path("payload").isMissingNode(), "an event's ack carries no payload");
        awaitAnswer("Run 4216 of skewed-join");
    }

    @Test
    void aRejectClickFromSomeoneWhoMayNotApproveIsAckedAndToldSoOnlyToThem() {
        FakeSlackApi.Call finding = new FakeSlackApi.Call("chat.postMessage",
                Map.of("channel", CHANNEL, "thread_ts", "1700000000.000001", "text", "Skewed join"), 0, "1700000000.000002");
        String id = bot.socket.send("interactive", SlackPayloads.blockAction(finding, "[]", USER, "reject_step", "4217-skew", 1,
                bot.slack.responseUrl()));

        awaitAck(id);
        await(ANSWER, () -> bot.slack.calls("chat.postEphemeral").stream()
                .anyMatch(c -> c.param("user").equals(USER) && c.param("channel").equals(CHANNEL) && c.param("text").contains("not allowed")));
    }

    @Test
    void neitherTokenGoesOverTheSocketIntoWebApiParametersOrIntoTheLogs() {
        bot.socket.send("slash_commands", command("run:4218"));
        awaitAnswer("Run 4218 of skewed-join");

        String seen = bot.socket.received() + " " + bot.slack.calls() + " " + LOGGED.toString(StandardCharsets.UTF_8);
        assertFalse(seen.contains(APP_TOKEN), "the app-level token leaked");
        assertFalse(seen.contains(BOT_TOKEN), "the bot token leaked");
    }

    @Test
    void serveChecksTheAppTokenFirstAndNamesItWhenSlackRefusesIt() {
        SlackBot.checkSlack(BotHarness.socketModeSettings(bot.slack));

        try (FakeSlackApi withoutSocketMode = new FakeSlackApi()) {
            String refused = assertThrows(BadInputException.class, () -> SlackBot.checkSlack(BotHarness.socketModeSettings(withoutSocketMode)))
                    .getMessage();
            assertTrue(refused.startsWith("SLACK_APP_TOKEN was refused by Slack (invalid_auth)"), refused);
            assertFalse(refused.contains(APP_TOKEN), refused);
        }
    }

    private static String command(String text) {
        try {
            return JSON.writeValueAsString(SlackPayloads.slashCommand(text, CHANNEL, USER, bot.slack.responseUrl()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode awaitAck(String envelopeId) {
        await(ACK, () -> bot.socket.ack(envelopeId).isPresent());
        return bot.socket.ack(envelopeId).orElseThrow();
    }

    /** The ts of the parent message in CHANNEL whose thread got {@code summary}. */
    private static String awaitAnswer(String summary) {
        await(ANSWER, () -> answer(summary).isPresent());
        return answer(summary).orElseThrow();
    }

    private static Optional<String> answer(String summary) {
        return bot.slack.calls("chat.postMessage").stream()
                .filter(c -> c.param("channel").equals(CHANNEL) && c.param("thread_ts").isEmpty()).map(FakeSlackApi.Call::tsPosted)
                .filter(ts -> bot.threadReplies(ts).stream().anyMatch(r -> r.param("blocks").contains(summary))).findFirst();
    }
}
