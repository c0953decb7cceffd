package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.compare.Why;
import io.sparkadvisor.bot.digest.PreparedDigest;
import io.sparkadvisor.bot.store.CostlierPosts;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.digest.DigestReport;
import java.math.BigDecimal;
import java.time.Clock;

/**
 * A thread per job of the digest's "Got slower or costlier this week" whose latest run was compared: a line in the
 * digest's channel (the job, its cost per run now and as usual), and in its thread the comparison and the waterfall
 * as {@code why} answers them, from the comparison the digest's line was drawn from. Claimed in {@link CostlierPosts}
 * (with the week's dollars above the usual cost per run) and marked out once its line is, so a retry of the digest
 * never posts it again that week; a thread cut short by a failure stays as far as it got.
 */
final class CostlierThreads {
    private final MethodsClient client;
    private final CostlierPosts posts;
    private final Clock clock;

    CostlierThreads(MethodsClient client, CostlierPosts posts, Clock clock) {
        this.client = client;
        this.posts = posts;
        this.clock = clock;
    }

    void post(String channel, PreparedDigest digest) {
        DigestReport report = digest.report();
        for (DigestReport.Costlier job : report.costlier()) {
            Why.Explained why = digest.comparisons().get(job.jobId());
            BigDecimal risePerWeek = job.rise().multiply(BigDecimal.valueOf(job.runs()));
            if (why == null || !posts.claim(channel, report.from(), job.jobId(), risePerWeek, clock.instant())) {
                continue;
            }
            SlackThread thread = SlackThread.open(client, channel, DigestMessages.costlierParent(report, job));
            // Out in the channel: a failure in the thread below must not bring a second line with the retry.
            posts.posted(channel, report.from(), job.jobId(), thread.parentTs());
            WhyAnswers.comparison(thread, why);
        }
    }
}
