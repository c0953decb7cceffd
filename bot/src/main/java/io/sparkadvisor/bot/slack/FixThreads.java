package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.approvals.ApprovalDesk;
import io.sparkadvisor.bot.approvals.ClusterTargets;
import io.sparkadvisor.bot.approvals.PostedAdvice;
import io.sparkadvisor.bot.digest.PreparedDigest;
import io.sparkadvisor.bot.scan.Opportunity;
import io.sparkadvisor.bot.scan.TopFixesSection;
import io.sparkadvisor.bot.store.FixPosts;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.replies.ScanReply;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;

/**
 * A thread per top fix of a digest: a line in the channel, and in its thread the full finding with
 * Approve on its steps, recorded through the {@link ApprovalDesk} like an ask's, so the same
 * approval rules, job locks and follow-up apply. A fix already out in the channel that week is not
 * posted again by a retry.
 */
public final class FixThreads {
    /** Who "asked" for a scanned finding: nobody, so no approver is refused as its requester. */
    static final String REQUESTER = "fleet-scan";

    private final MethodsClient client;
    private final FixPosts posts;
    private final ApprovalDesk approvals;
    private final Clock clock;

    public FixThreads(MethodsClient client, FixPosts posts, ApprovalDesk approvals, Clock clock) {
        this.client = client;
        this.posts = posts;
        this.approvals = approvals;
        this.clock = clock;
    }

    void post(String channel, PreparedDigest digest) {
        LocalDate week = digest.report().from();
        for (Opportunity o : digest.fixes()) {
            String jobId = o.job().jobId();
            String rule = o.finding().rule();
            if (!posts.claim(channel, week, jobId, rule, o.perWeek(), clock.instant())) {
                continue;
            }
            SlackThread thread = SlackThread.open(client, channel, SlackMessages.notice(ScanReply.FIX_PARENT.text("job",
                    TopFixesSection.job(o.scan()), "title", o.finding().title(), "perWeek", DigestMessages.money(digest.report(), o.perWeek()))));
            String id = o.scan().target() == null ? null : o.scan().runId() + "-" + rule + "@" + thread.parentTs();
            List<String> ts = SlackMessages.finding(o.finding(), id).stream().map(thread::reply).toList();
            posts.posted(channel, week, jobId, rule, thread.parentTs(), id);
            if (id != null) {
                approvals.proposed(new PostedAdvice(new RunRef(o.scan().runId(), Long.parseLong(jobId), null),
                        ClusterTargets.decode(o.scan().target()), channel, thread.parentTs(), REQUESTER,
                        List.of(new PostedAdvice.Posted(id, o.finding(), ts.get(0))), o.scan().runMs(), o.scan().jobSettingsJson()));
            }
        }
    }
}
