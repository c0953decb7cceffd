package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.chart.Charts;
import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.digest.PreparedDigest;
import io.sparkadvisor.bot.store.Reached;
import io.sparkadvisor.bot.digest.ScheduledDigests;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.slack.SlackMessage;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Posts a digest in a channel: its first message in the channel, the rest and the chart in that
 * message's thread, then a thread per top fix of the fleet scan and one per job that got costlier; a retry goes on where
 * it stopped.
 */
public final class DigestPoster implements ScheduledDigests.Channel {
    private static final Logger LOG = LoggerFactory.getLogger(DigestPoster.class);

    private final MethodsClient client;
    /** Null when the fleet scan is off. */
    private final FixThreads fixes;
    /** Null when the costlier jobs get no thread. */
    private final CostlierThreads costlier;

    public DigestPoster(MethodsClient client) {
        this(client, null, null);
    }

    DigestPoster(MethodsClient client, FixThreads fixes, CostlierThreads costlier) {
        this.client = client;
        this.fixes = fixes;
        this.costlier = costlier;
    }

    @Override
    public void post(String channel, PreparedDigest digest, Reached from, Consumer<Reached> reached) {
        List<SlackMessage> messages = DigestMessages.slack(digest.report());
        SlackThread thread = from.parentPosted() ? SlackThread.existing(client, channel, from.threadTs())
                : SlackThread.open(client, channel, messages.get(0));
        if (!from.parentPosted()) {
            reached.accept(new Reached(thread.parentTs(), 1));
        }
        for (int next = Math.max(1, from.messages()); next < messages.size(); next++) {
            thread.reply(messages.get(next));
            reached.accept(new Reached(thread.parentTs(), next + 1));
        }
        if (!digest.report().topJobs().isEmpty() && !digest.dailyCosts().isEmpty()) {
            try {
                thread.upload(Charts.dailyCosts(digest.report(), digest.dailyCosts()));
            } catch (SlackCallException e) {
                LOG.warn("digest chart not uploaded in {}: {}", channel, e.getMessage());
            }
        }
        if (fixes != null) {
            fixes.post(channel, digest);
        }
        if (costlier != null) {
            costlier.post(channel, digest);
        }
    }
}
