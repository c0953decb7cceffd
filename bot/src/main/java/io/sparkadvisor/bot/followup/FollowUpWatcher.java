package io.sparkadvisor.bot.followup;

import io.sparkadvisor.bot.approvals.ClusterTargets;
import io.sparkadvisor.bot.approvals.ChangeReplies;
import io.sparkadvisor.bot.config.BotSettings;
import io.sparkadvisor.bot.followup.FollowUpJudge.Baseline;
import io.sparkadvisor.bot.followup.FollowUpJudge.Judged;
import io.sparkadvisor.bot.followup.FollowUpJudge.NextRun;
import io.sparkadvisor.bot.followup.FollowUpJudge.Runs;
import io.sparkadvisor.bot.store.AuditEntry;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Recommendations;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.bot.store.Transition;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.fetch.EventLog;
import io.sparkadvisor.databricks.fetch.EventLogUnavailableException;
import io.sparkadvisor.databricks.fetch.RunSummary;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.rules.advisor.RunHistory;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.slack.ChangeMessages;
import io.sparkadvisor.templates.slack.ChangeMessages.Judgement;
import io.sparkadvisor.templates.slack.ChangeMessages.Subject;
import io.sparkadvisor.templates.slack.SlackMessage;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges each applied step on its job's next completed run: polls the database for applied steps (so
 * a restart loses none), reads the job's latest completed run and the step's baseline, has
 * {@link FollowUpJudge} decide, records the verdict once across replicas, and posts it in the
 * recommendation's thread; a passed step brings its next step to approve.
 */
public final class FollowUpWatcher {
    private static final Logger LOG = LoggerFactory.getLogger(FollowUpWatcher.class);

    /** The "judged run" of a step whose job was deleted: there is none, and the step is not looked at again. */
    static final long NO_RUN = 0;

    private final Recommendations recommendations;
    private final Changes changes;
    private final Workspace workspace;
    private final ChangeReplies slack;
    private final Clock clock;
    private final JobHistoryRuns history;
    private final AfterVerdict afterVerdict;

    /** {@code thresholds}: the follow-up's tolerances and how many earlier runs form a baseline's band. */
    public FollowUpWatcher(Recommendations recommendations, Changes changes, Workspace workspace, ChangeReplies slack,
            Clock clock, Thresholds thresholds) {
        this(recommendations, changes, workspace, slack, clock, thresholds, AfterVerdict.NOTHING);
    }

    /** {@code afterVerdict}: what else is said in the thread once a verdict is posted. */
    public FollowUpWatcher(Recommendations recommendations, Changes changes, Workspace workspace, ChangeReplies slack,
            Clock clock, Thresholds thresholds, AfterVerdict afterVerdict) {
        this.afterVerdict = afterVerdict;
        this.recommendations = recommendations;
        this.changes = changes;
        this.workspace = workspace;
        this.slack = slack;
        this.clock = clock;
        this.history = new JobHistoryRuns(workspace, thresholds);
    }

    /** {@link BotSettings#FOLLOWUP_SECONDS} between polls. */
    public static Duration interval(Map<String, String> env) {
        return Duration.ofSeconds(BotSettings.FOLLOWUP_SECONDS.get(env));
    }

    /** One pass over the applied steps; a step that cannot be judged yet is tried next time. */
    public void poll() {
        for (ChangeRecord change : changes.awaitingFollowUp()) {
            try {
                followUp(change);
            } catch (RuntimeException e) {
                LOG.warn("follow-up of step {} of {} failed", change.step(), change.recommendationId(), e);
            }
        }
    }

    /** The thin shell around {@link FollowUpJudge}: reads the runs it needs, then records its verdict once and posts it. */
    private void followUp(ChangeRecord change) {
        StoredRecommendation rec = recommendations.find(change.recommendationId()).orElseThrow();
        RunRef latest;
        try {
            latest = workspace.latestCompletedRun(rec.jobId());
        } catch (WorkspaceNotFoundException noRun) {
            if (jobGone(rec.jobId())) {
                closeForGoneJob(rec, change);
            }
            return; // else: no completed run yet
        }
        if (latest.runId() == rec.runId()) {
            return;
        }
        ClusterTarget target = ClusterTargets.decode(rec.clusterTarget());
        RunTelemetry telemetry = workspace.fetch(latest);
        NextRun next = new NextRun(latest.runId(), telemetry.run().startMs(), telemetry.run().endMs(),
                telemetry.run().result() == RunSummary.Result.SUCCESS, judged(telemetry, target));
        if (!FollowUpJudge.judgeable(change, next, clock.instant())) {
            return; // tried again next poll
        }
        Step step = rec.steps().stream().filter(s -> s.step() == change.step()).findFirst().orElseThrow();
        Judged judged = FollowUpJudge.judge(new Runs(next, baseline(rec, change, step, target), recommendations.predictions().find(rec.id())));
        record(rec, change, judged);
    }

    private void record(StoredRecommendation rec, ChangeRecord change, Judged judged) {
        Subject subject = new Subject(rec.rule(), change.step(), rec.jobId());
        Judgement judgement = judged.judgement();
        Transition t = judged.transition();
        AuditEntry why = new AuditEntry(clock.instant(), AuditEntry.BOT, rec.jobId(), rec.id(), change.step(), t.action(),
                ChangeMessages.verdictSummary(subject, judgement));
        if (!changes.followedUp(t, judgement.runId(), why)) {
            return; // another replica judged it
        }
        judgement.prediction().ifPresent(o -> recommendations.predictions().judged(rec.id(), change.step(), judgement.runId(), o.actualMs()));
        slack.inThread(rec, ChangeMessages.verdict(rec.id(), subject, judgement));
        afterVerdict.judged(rec, judgement.runId(), slack);
        if (t == Transition.VERIFY) {
            offerNextStep(changes, slack, rec, change.step());
        }
    }

    /** After step {@code passed} verified: the next step, still proposed, with its own Approve in the thread. */
    static void offerNextStep(Changes changes, ChangeReplies slack, StoredRecommendation rec, int passed) {
        Optional<Step> following = rec.steps().stream().filter(s -> s.step() == passed + 1).findFirst();
        if (following.isPresent() && changes.find(rec.id(), following.get().step()).map(c -> c.state() == ChangeState.PROPOSED).orElse(false)) {
            slack.inThread(rec, ChangeMessages.nextStep(rec.id(), rec.rule(), following.get()));
        }
    }

    private boolean jobGone(long jobId) {
        try {
            workspace.settings(jobId);
            return false;
        } catch (WorkspaceNotFoundException gone) {
            return true;
        }
    }

    /** Says once, in the thread and the history, that the step ended with its job. */
    private void closeForGoneJob(StoredRecommendation rec, ChangeRecord change) {
        Subject subject = new Subject(rec.rule(), change.step(), rec.jobId());
        SlackMessage note = ChangeMessages.jobGone(subject);
        if (changes.followedUp(Transition.JOB_GONE, NO_RUN, new AuditEntry(clock.instant(), AuditEntry.BOT, rec.jobId(), rec.id(),
                change.step(), Transition.JOB_GONE.action(), note.text()))) {
            slack.inThread(rec, note);
        }
    }

    /**
     * Step 1 is judged against the run the advice came from (its checks measured then); step N against the run that
     * verified step N-1, which ran with everything before step N, its checks measured on that run. When that run's log
     * is gone, the advice's run stands in, and the verdict's table names it. The job's runs before the baseline give
     * its noise band ({@link JobHistoryRuns}).
     */
    private Baseline baseline(StoredRecommendation rec, ChangeRecord change, Step step, ClusterTarget target) {
        Optional<Long> previous = change.step() == 1 ? Optional.empty() : changes.find(rec.id(), change.step() - 1)
                .map(ChangeRecord::followedUpRunId).filter(run -> run != null && run != NO_RUN);
        Optional<ReadRun> previousRun = previous.flatMap(run -> readRun(new RunRef(run, rec.jobId(), null), target));
        if (previousRun.isPresent()) {
            RunFacts facts = previousRun.get().facts();
            return new Baseline(previous.get(), step.verify().stream().map(c -> c.rebasedOn(facts)).toList(),
                    withHistory(rec.jobId(), previousRun.get(), target));
        }
        Optional<ReadRun> original = readRun(new RunRef(rec.runId(), rec.jobId(), null), target);
        return new Baseline(rec.runId(), step.verify(), original.map(o -> withHistory(rec.jobId(), o, target))
                .orElseGet(() -> RunHistory.of(null, List.of(), history.thresholds())));
    }

    private RunHistory withHistory(long jobId, ReadRun baseline, ClusterTarget target) {
        return history.of(jobId, baseline.startMs(), baseline.facts(), run -> readRun(run, target).map(ReadRun::facts));
    }

    /** A run's start, as the scheduler saw it, and its facts for the recommendation's cluster. */
    private record ReadRun(long startMs, RunFacts facts) {}

    /** A run and its facts for the recommendation's cluster; empty when its log is gone (deleted since, or never delivered). */
    private Optional<ReadRun> readRun(RunRef run, ClusterTarget target) {
        try {
            RunTelemetry telemetry = workspace.fetch(run);
            return facts(workspace, telemetry, target).map(f -> new ReadRun(telemetry.run().startMs(), f));
        } catch (EventLogUnavailableException | WorkspaceNotFoundException gone) {
            return Optional.empty(); // a workspace that cannot be reached is not "gone": that throws, and is tried again next poll
        }
    }

    /**
     * The run to judge as the rules see it: a serverless job's run with its statements and cost, once billing priced it
     * (a check of its cost would otherwise fail unmeasured); else the facts of the recommendation's cluster.
     */
    private Optional<RunView> judged(RunTelemetry telemetry, ClusterTarget target) {
        if (target instanceof ClusterTarget.NoCluster) {
            return telemetry.run().serverless() ? Optional.of(workspace.serverless(telemetry)).filter(ServerlessRun::priced).map(RunView::new)
                    : Optional.empty();
        }
        return facts(workspace, telemetry, target).map(RunView::new);
    }

    /**
     * The facts of the run's cluster the recommendation is about; empty when that cluster delivered no event log. A
     * serverless job's run has its statements and cost from the system tables instead.
     */
    static Optional<RunFacts> facts(Workspace workspace, RunTelemetry telemetry, ClusterTarget target) {
        if (target instanceof ClusterTarget.NoCluster) {
            return telemetry.run().serverless() ? Optional.of(workspace.serverless(telemetry).asRunFacts()) : Optional.empty();
        }
        return telemetry.clusters().stream()
                .filter(c -> c.eventLog() instanceof EventLog.Delivered)
                .filter(c -> ClusterTargets.of(telemetry.jobSettingsJson(), c.taskKeys()).map(target::equals).orElse(false))
                .findFirst().map(c -> workspace.facts(telemetry, c, bytes -> {}));
    }
}
