package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.digest.PreparedDigest;
import io.sparkadvisor.bot.digest.ScheduledDigests;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.slack.SlackMessage;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Posts a digest in a channel: its first message in the channel, the rest and the chart in that message's thread. */
public final class DigestPoster implements ScheduledDigests.Channel {
    private static final Logger LOG = LoggerFactory.getLogger(DigestPoster.class);

    private final MethodsClient client;

    public DigestPoster(MethodsClient client) {
        this.client = client;
    }

    @Override
    public void post(String channel, PreparedDigest digest) {
        List<SlackMessage> messages = DigestMessages.slack(digest.report());
        SlackThread thread = SlackThread.open(client, channel, messages.get(0));
        messages.subList(1, messages.size()).forEach(thread::reply);
        if (!digest.report().topJobs().isEmpty() && !digest.dailyCosts().isEmpty()) {
            try {
                thread.upload(Charts.dailyCosts(digest.report(), digest.dailyCosts()));
            } catch (SlackCallException e) {
                LOG.warn("digest chart not uploaded in {}: {}", channel, e.getMessage());
            }
        }
    }
}
