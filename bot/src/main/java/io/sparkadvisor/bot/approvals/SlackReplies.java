package io.sparkadvisor.bot.approvals;

import com.slack.api.methods.MethodsClient;
import com.slack.api.methods.SlackApiTextResponse;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the bot says in Slack about a change. The decision is already recorded when these are sent,
 * so a failed post is logged and does not undo it.
 */
public record SlackReplies(MethodsClient client) {
    private static final Logger LOG = LoggerFactory.getLogger(SlackReplies.class);

    /** A reply only the clicker sees. */
    void whisper(Click click, String text) {
        whisper(click, SlackMessages.notice(text));
    }

    void whisper(Click click, SlackMessage message) {
        send("chat.postEphemeral", () -> client.chatPostEphemeral(r -> r.channel(click.channel()).user(click.userId())
                .text(message.text()).blocksAsString(message.blocksJson())));
    }

    /** The clicked message, with new blocks. */
    void edit(Click click, String blocksJson) {
        send("chat.update", () -> client.chatUpdate(r -> r.channel(click.channel()).ts(click.messageTs())
                .text(click.messageText()).blocksAsString(blocksJson)));
    }

    /** A note in the recommendation's thread, not broadcast to the channel. */
    public void inThread(StoredRecommendation rec, SlackMessage message) {
        send("chat.postMessage", () -> client.chatPostMessage(r -> r.channel(rec.channel()).threadTs(rec.threadTs())
                .text(message.text()).blocksAsString(message.blocksJson()).unfurlLinks(false)));
    }

    private interface Call {
        SlackApiTextResponse run() throws Exception;
    }

    private static void send(String method, Call call) {
        try {
            SlackApiTextResponse response = call.run();
            if (!response.isOk()) {
                LOG.warn("{} answered {}", method, response.getError());
            }
        } catch (Exception e) {
            LOG.warn("{} failed: {}", method, e.getClass().getSimpleName());
        }
    }
}
