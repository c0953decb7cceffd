package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import com.slack.api.methods.SlackApiTextResponse;
import io.sparkadvisor.bot.access.SlackDirectory;
import io.sparkadvisor.bot.approvals.ChangeReplies;
import io.sparkadvisor.bot.approvals.Click;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.templates.slack.SlackMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link ChangeReplies} through Slack's Web API: a failed post is logged. */
public record SlackChangeReplies(MethodsClient client) implements ChangeReplies {
    private static final Logger LOG = LoggerFactory.getLogger(SlackChangeReplies.class);

    @Override
    public SlackDirectory people() {
        return new SlackUsers(client);
    }

    @Override
    public void whisper(Click click, SlackMessage message) {
        send("chat.postEphemeral", () -> client.chatPostEphemeral(r -> r.channel(click.channel()).user(click.userId())
                .text(message.text()).blocksAsString(message.blocksJson())));
    }

    @Override
    public void edit(Click click, String blocksJson) {
        send("chat.update", () -> client.chatUpdate(r -> r.channel(click.channel()).ts(click.messageTs())
                .text(click.messageText()).blocksAsString(blocksJson)));
    }

    @Override
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
