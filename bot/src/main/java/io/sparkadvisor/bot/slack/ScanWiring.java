package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.scan.LatestRuns;
import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.approvals.ApprovalDesk;
import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.digest.ScheduledDigests;
import io.sparkadvisor.bot.digest.FixNoise;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.scan.FleetScan;
import io.sparkadvisor.bot.scan.JobScan;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.bot.store.FixPosts;
import io.sparkadvisor.bot.store.ScanLedger;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.templates.replies.DigestReply;
import java.time.Clock;

/** The fleet scan put together for {@code serve} (and the tests that run the bot): off unless the config turns it on. */
public final class ScanWiring {
    private ScanWiring() {}

    /** The scan over {@code workspace}'s jobs with claims in {@code db}, its jobs counted in {@code metrics}; null when {@code config} leaves it off. */
    public static FleetScan scan(Database db, Workspace workspace, Advisor advisor, ScanConfig config, Clock clock, BotMetrics metrics) {
        return config.enabled() ? new FleetScan(db, new ScanLedger<>(db, JobScan.class), new LatestRuns(workspace, advisor), config, clock, metrics) : null;
    }

    /** The scheduled digest; with a scan, each channel gets its top fixes (its own noise controls) with a thread each. */
    public static ScheduledDigests digests(Database db, Digests digests, DigestConfig digestConfig, FleetScan scan, MethodsClient slack,
            ApprovalDesk approvals, Clock clock) {
        DigestSubscriptions subscriptions = new DigestSubscriptions(db);
        ScheduledDigests.Audience audience = audience(slack, digestConfig);
        if (scan == null) {
            return new ScheduledDigests(subscriptions, digests, digestConfig, new DigestPoster(slack), audience);
        }
        FixPosts posts = new FixPosts(db);
        return new ScheduledDigests(subscriptions, digests, digestConfig, new DigestPoster(slack, new FixThreads(slack, posts, approvals, clock)),
                audience, new FixNoise(posts, scan.config(), clock));
    }

    /** The channels a scheduled digest may go to: Slack asked before each post, as at subscribe. */
    static ScheduledDigests.Audience audience(MethodsClient slack, DigestConfig digestConfig) {
        SharedChannels sharing = new SharedChannels(digestConfig.orgSharedChannels());
        return channel -> sharing.barred(slack, channel, DigestReply.OTHER_CHANNEL.text("channel", channel));
    }
}
