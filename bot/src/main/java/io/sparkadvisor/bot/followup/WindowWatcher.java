package io.sparkadvisor.bot.followup;

import io.sparkadvisor.bot.approvals.ChangeReplies;
import io.sparkadvisor.bot.approvals.ClusterTargets;
import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.RestartedStep;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.fetch.EventLogUnavailableException;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import io.sparkadvisor.templates.slack.RestartMessages;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges each step a continuous job's confirmed restart put in effect, on the run the restart started (its runs do not
 * complete): once that run's latest window of batches is full, {@link WindowJudge} sets it against the same window of the
 * run the restart cancelled; the verdict is recorded once across replicas and posted in the thread with Roll back, and a
 * pass brings the next step's Approve (falling-behind's SPARK_WORKER_CORES 1.5x, then 2x).
 * Runs that started before the restart are never judged.
 */
public final class WindowWatcher {
    private static final Logger LOG = LoggerFactory.getLogger(WindowWatcher.class);

    private final Recommendations recommendations;
    private final Changes changes;
    private final Workspace workspace;
    private final ChangeReplies slack;
    private final Clock clock;
    private final WindowJudge.Size size;
    private final AfterVerdict afterVerdict;

    /**
     * {@code thresholds}: the window (follow-up.streamingWindowBatches / Minutes) and the follow-up's tolerances;
     * {@code afterVerdict}: what else is said in the thread once a verdict is posted (the health-rule offer, as after a run's).
     */
    public WindowWatcher(Recommendations recommendations, Changes changes, Workspace workspace, ChangeReplies slack, Clock clock,
            Thresholds thresholds, AfterVerdict afterVerdict) {
        this.afterVerdict = afterVerdict;
        this.recommendations = recommendations;
        this.changes = changes;
        this.workspace = workspace;
        this.slack = slack;
        this.clock = clock;
        this.size = WindowJudge.Size.of(thresholds);
    }

    /** One pass over the restarted steps; a step whose window is not full yet is tried next time. */
    public void poll() {
        for (RestartedStep step : changes.awaitingWindow()) {
            try {
                followUp(step);
            } catch (RuntimeException e) {
                LOG.warn("window follow-up of step {} of {} failed", step.change().step(), step.change().recommendationId(), e);
            }
        }
    }

    private void followUp(RestartedStep step) {
        StoredRecommendation rec = recommendations.find(step.change().recommendationId()).orElseThrow();
        Optional<Long> active = workspace.activeRun(rec.jobId());
        if (active.isEmpty()) {
            return; // between runs, or paused: nothing runs with the step yet
        }
        ClusterTarget target = ClusterTargets.decode(rec.clusterTarget());
        RunTelemetry now = workspace.fetch(new RunRef(active.get(), rec.jobId(), null));
        if (now.run().startMs() < step.restartedAt().toEpochMilli()) {
            return; // started before the restart: it runs with the old settings
        }
        Optional<BatchWindow> after = FollowUpWatcher.facts(workspace, now, target).flatMap(f -> window(f, Optional.empty()));
        if (after.isEmpty() || !after.get().full()) {
            return; // the window is still filling
        }
        long baselineRun = step.cancelledRunId() != 0 ? step.cancelledRunId() : rec.runId();
        Optional<BatchWindow> before = read(new RunRef(baselineRun, rec.jobId(), null), target)
                .flatMap(f -> window(f, Optional.of(after.get().queryId())));
        if (before.isEmpty()) {
            return; // the run before the restart has no log (yet): its delivery may lag
        }
        record(rec, step.change(), active.get(), baselineRun, before.get(), after.get());
    }

    private void record(StoredRecommendation rec, ChangeRecord change, long runId, long baselineRun, BatchWindow before, BatchWindow after) {
        WindowJudge.Judged judged = WindowJudge.judge(before, after, size);
        Subject subject = new Subject(rec.rule(), change.step(), rec.jobId());
        long minutes = Math.round(after.spanMs() / 60_000.0);
        AuditEntry why = new AuditEntry(clock.instant(), AuditEntry.BOT, rec.jobId(), rec.id(), change.step(), judged.transition().action(),
                RestartMessages.verdictSummary(subject, judged.passed(), runId, baselineRun, after.batches(), minutes, judged.rows()));
        if (changes.followedUp(judged.transition(), runId, why)) {
            slack.inThread(rec, RestartMessages.verdict(rec.id(), subject, judged.passed(), runId, baselineRun, after.batches(), minutes,
                    judged.rows()));
            afterVerdict.judged(rec, runId, slack);
            if (judged.passed()) {
                FollowUpWatcher.offerNextStep(changes, slack, rec, change.step());
            }
        }
    }

    private Optional<BatchWindow> window(RunFacts facts, Optional<String> queryId) {
        return BatchWindow.latest(facts.streaming(), queryId, size.batches(), size.span(), size.noise());
    }

    /** A run's facts for the recommendation's cluster; empty when its log is gone or not delivered yet. */
    private Optional<RunFacts> read(RunRef run, ClusterTarget target) {
        try {
            return FollowUpWatcher.facts(workspace, workspace.fetch(run), target);
        } catch (EventLogUnavailableException | WorkspaceNotFoundException gone) {
            return Optional.empty();
        }
    }
}
