package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.approvals.ApprovalDesk;
import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.digest.ScheduledDigests;
import io.sparkadvisor.bot.digest.FixNoise;
import io.sparkadvisor.bot.scan.FleetScan;
import io.sparkadvisor.bot.store.CostlierPosts;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.bot.store.FixPosts;
import io.sparkadvisor.templates.replies.DigestReply;
import java.time.Clock;

/**
 * The scheduled digest put together for {@code serve} (and the tests that run the bot), with a thread per job that got
 * costlier, and the fleet scan's fix threads when it is on.
 */
public final class DigestWiring {
    private DigestWiring() {}

    /** The scheduled digest; with a scan, each channel gets its top fixes (its own noise controls) with a thread each. */
    public static ScheduledDigests digests(Database db, Digests digests, DigestConfig digestConfig, FleetScan scan, MethodsClient slack,
            ApprovalDesk approvals, Clock clock) {
        DigestSubscriptions subscriptions = new DigestSubscriptions(db);
        ScheduledDigests.Audience audience = audience(slack, digestConfig);
        FixPosts posts = new FixPosts(db);
        CostlierThreads costlier = new CostlierThreads(slack, new CostlierPosts(db), clock);
        if (scan == null) {
            return new ScheduledDigests(subscriptions, digests, digestConfig, new DigestPoster(slack, null, costlier), audience);
        }
        return new ScheduledDigests(subscriptions, digests, digestConfig, new DigestPoster(slack, new FixThreads(slack, posts, approvals, clock),
                costlier), audience, new FixNoise(posts, scan.config(), clock));
    }

    /** The channels a scheduled digest may go to: Slack asked before each post, as at subscribe. */
    static ScheduledDigests.Audience audience(MethodsClient slack, DigestConfig digestConfig) {
        SharedChannels sharing = new SharedChannels(digestConfig.orgSharedChannels());
        return channel -> sharing.barred(slack, channel, DigestReply.OTHER_CHANNEL.text("channel", channel));
    }
}
