package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.compare.Why;
import io.sparkadvisor.bot.digest.PreparedDigest;
import io.sparkadvisor.bot.store.FixPosts;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.digest.DigestReport;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;

/**
 * A thread per job of the digest's "Got slower or costlier this week" whose latest run was compared: a line in the
 * digest's channel (the job, its cost per run now and as usual), and in its thread the comparison and the waterfall
 * as {@code why} answers them, from the comparison the digest's line was drawn from. Claimed in {@link FixPosts} under
 * {@link #CLAIM} (with the week's dollars above the usual cost per run) once its line is out, so a retry of the digest
 * never posts it again that week; a thread cut short by a failure stays as far as it got.
 */
final class CostlierThreads {
    /** The claim's rule id: no rule has it, so the fix threads' noise controls never see it. */
    private static final String CLAIM = "got-costlier";

    private final MethodsClient client;
    private final FixPosts posts;
    private final Clock clock;

    CostlierThreads(MethodsClient client, FixPosts posts, Clock clock) {
        this.client = client;
        this.posts = posts;
        this.clock = clock;
    }

    void post(String channel, PreparedDigest digest) {
        DigestReport report = digest.report();
        for (DigestReport.Costlier job : report.costlier()) {
            Why.Explained why = digest.comparisons().get(job.jobId());
            BigDecimal risePerWeek = job.rise().multiply(BigDecimal.valueOf(job.runs()));
            if (why == null || !posts.claim(channel, report.from(), job.jobId(), CLAIM, risePerWeek, clock.instant())) {
                continue;
            }
            SlackThread thread = SlackThread.open(client, channel, DigestMessages.costlierParent(report, job));
            // Out in the channel: a failure in the thread below must not bring a second line with the retry.
            posts.posted(channel, report.from(), job.jobId(), CLAIM, thread.parentTs(), null);
            WhyAnswers.comparison(thread, why);
        }
    }
}
