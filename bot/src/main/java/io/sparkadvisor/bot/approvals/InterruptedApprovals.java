package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.apply.JobSettingsEditor;
import io.sparkadvisor.databricks.apply.SettingsSnapshot;
import io.sparkadvisor.templates.slack.ChangeMessages;
import io.sparkadvisor.templates.slack.ChangeMessages.Interrupted;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finishes approvals a stopped bot left half done. A step is claimed (approved) before its change is
 * sent, so a bot stopped in between would leave it approved for good, neither applied nor open to a
 * new approval. Such a step is looked at once it is older than any apply takes: when the job holds
 * exactly the settings the change would have made, the change is recorded as applied (and its next
 * run judged); otherwise the step goes back to proposed, with a note in the thread saying which.
 */
public final class InterruptedApprovals {
    private static final Logger LOG = LoggerFactory.getLogger(InterruptedApprovals.class);
    /** Far longer than an apply takes with the SDK's retries, so a live apply is never taken for a dead one. */
    static final Duration GRACE = Duration.ofMinutes(10);

    private final Recommendations recommendations;
    private final Changes changes;
    private final Workspace workspace;
    private final SlackReplies slack;
    private final Clock clock;

    public InterruptedApprovals(Recommendations recommendations, Changes changes, Workspace workspace, SlackReplies slack, Clock clock) {
        this.recommendations = recommendations;
        this.changes = changes;
        this.workspace = workspace;
        this.slack = slack;
        this.clock = clock;
    }

    /** One pass; every transition is conditional, so replicas doing the same at once finish each step once. */
    public void finish() {
        for (ChangeRecord change : changes.approvedBefore(clock.instant().minus(GRACE))) {
            try {
                finish(change);
            } catch (RuntimeException e) {
                LOG.warn("finishing the approval of step {} of {} failed: {}", change.step(), change.recommendationId(), e.toString());
            }
        }
    }

    private void finish(ChangeRecord change) {
        StoredRecommendation rec = recommendations.find(change.recommendationId()).orElseThrow();
        SettingsSnapshot now = workspace.settings(rec.jobId());
        Interrupted outcome = outcome(rec, change, now);
        Subject subject = new Subject(rec.rule(), change.step(), rec.jobId());
        Instant at = clock.instant();
        boolean moved = outcome == Interrupted.RECOVERED
                ? changes.applied(change.settingsBefore(), now.settingsJson(), now.fingerprint(), new AuditEntry(at, change.decidedBy(),
                        rec.jobId(), rec.id(), change.step(), "applied", "found on the job after an interrupted apply"))
                : changes.move(ChangeState.APPROVED, ChangeState.PROPOSED, new AuditEntry(at, AuditEntry.BOT, rec.jobId(), rec.id(), change.step(),
                        "released", outcome == Interrupted.RELEASED ? "the interrupted apply did not reach the job"
                                : "the interrupted apply cannot be told apart from a later edit of the job"));
        if (moved) {
            slack.inThread(rec, ChangeMessages.interrupted(subject, change.decidedBy(), outcome));
        }
    }

    /** The settings before are kept just before the change is sent: without them, nothing was sent. */
    private Interrupted outcome(StoredRecommendation rec, ChangeRecord change, SettingsSnapshot now) {
        String startedFrom = ApprovalDesk.settingsToBuildOn(changes, rec, change.step());
        if (change.settingsBefore() == null || now.fingerprint().equals(startedFrom)) {
            return Interrupted.RELEASED;
        }
        SettingsSnapshot before = new SettingsSnapshot(rec.jobId(), change.settingsBefore(), startedFrom);
        SettingsSnapshot expected = JobSettingsEditor.expectedAfter(before,
                StepChanges.of(ClusterTargets.decode(rec.clusterTarget()), ApprovalDesk.step(rec, change.step())));
        return now.fingerprint().equals(expected.fingerprint()) ? Interrupted.RECOVERED : Interrupted.UNKNOWN;
    }
}
