package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** What Slack sends the bot, the same over HTTP and as the payload of a Socket Mode envelope. */
final class SlackPayloads {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Slack makes a trigger id per command and click; the bot drops a second request with the same one. */
    private static final AtomicLong TRIGGERS = new AtomicLong();

    private SlackPayloads() {}

    /** A {@code /spark-advisor} command's fields: HTTP form-encodes them, Socket Mode sends them as a JSON object. */
    static Map<String, String> slashCommand(String text, String channel, String user, String responseUrl) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("token", "unused");
        fields.put("team_id", "T111");
        fields.put("team_domain", "t");
        fields.put("channel_id", channel);
        fields.put("channel_name", "data");
        fields.put("user_id", user);
        fields.put("user_name", "ana");
        fields.put("command", SlackBot.COMMAND);
        fields.put("text", text);
        fields.put("api_app_id", "A111");
        fields.put("response_url", responseUrl);
        fields.put("trigger_id", trigger());
        return fields;
    }

    static String eventCallback(String eventJson, String eventId) {
        return "{\"token\":\"unused\",\"team_id\":\"T111\",\"api_app_id\":\"A111\",\"type\":\"event_callback\","
                + "\"event_id\":\"" + eventId + "\",\"event_time\":" + Instant.now().getEpochSecond() + ",\"event\":" + eventJson + "}";
    }

    /** USER mentions the bot in CHANNEL: {@code text} follows the mention. */
    static String mention(String text, String ts) {
        return "{\"type\":\"app_mention\",\"user\":\"" + USER + "\",\"text\":\"<@" + FakeSlackApi.BOT_USER + "> " + text
                + "\",\"ts\":\"" + ts + "\",\"channel\":\"" + CHANNEL + "\",\"event_ts\":\"" + ts + "\"}";
    }

    /** A click by {@code user} on step {@code step}'s button {@code actionId} of {@code finding}'s message as it now shows {@code blocks}. */
    static String blockAction(FakeSlackApi.Call finding, String blocks, String user, String actionId, String recommendationId, int step,
            String responseUrl) {
        return buttonClick(finding, blocks, user, actionId, (actionId.equals("roll_back_step") ? "rollback:" : "approval:")
                + recommendationId + ":" + step, recommendationId + ":" + step, responseUrl);
    }

    /** A click by {@code user} on the button {@code actionId} (in block {@code blockId}, carrying {@code value}) of {@code finding}'s message. */
    static String buttonClick(FakeSlackApi.Call finding, String blocks, String user, String actionId, String blockId, String value,
            String responseUrl) {
        return "{\"type\":\"block_actions\",\"team\":{\"id\":\"T111\",\"domain\":\"t\"},\"user\":{\"id\":\"" + user
                + "\",\"username\":\"someone\",\"team_id\":\"T111\"},\"api_app_id\":\"A111\",\"token\":\"unused\","
                + "\"trigger_id\":\"" + trigger() + "\",\"container\":{\"type\":\"message\",\"message_ts\":\"" + finding.tsPosted()
                + "\",\"channel_id\":\"" + channelOf(finding) + "\",\"is_ephemeral\":false},\"channel\":{\"id\":\"" + channelOf(finding)
                + "\",\"name\":\"data\"},\"message\":{\"type\":\"message\",\"ts\":\"" + finding.tsPosted() + "\",\"thread_ts\":\""
                + finding.param("thread_ts") + "\",\"text\":" + JSON.valueToTree(finding.param("text")) + ",\"blocks\":"
                + blocks + "},\"response_url\":\"" + responseUrl + "\",\"actions\":[{\"type\":\"button\","
                + "\"action_id\":\"" + actionId + "\",\"block_id\":\"" + blockId + "\",\"value\":\"" + value
                + "\",\"text\":{\"type\":\"plain_text\",\"text\":\"Approve\"},\"action_ts\":\"1700000009.1\"}]}";
    }

    /** The channel the message was posted in, as Slack's click on it says. */
    private static String channelOf(FakeSlackApi.Call message) {
        return message.param("channel").isEmpty() ? CHANNEL : message.param("channel");
    }

    static String trigger() {
        return "1337." + TRIGGERS.incrementAndGet() + ".f00d";
    }
}
