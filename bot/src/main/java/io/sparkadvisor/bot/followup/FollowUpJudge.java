package io.sparkadvisor.bot.followup;

import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.Transition;
import io.sparkadvisor.rules.advisor.FollowUp;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.Prediction;
import io.sparkadvisor.rules.advisor.RunHistory;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Verdict;
import io.sparkadvisor.templates.slack.ChangeMessages.Judgement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The follow-up's decisions, apart from reading runs and from recording and posting: when a step is judged, and how. */
final class FollowUpJudge {
    /**
     * How long after a successful run its event log may still arrive (cluster log delivery copies
     * every few minutes and once more at termination); after that the step is judged unmeasured.
     */
    static final Duration LOG_DELIVERY_WAIT = Duration.ofHours(2);

    private FollowUpJudge() {}

    /**
     * The job's latest completed run after the advised one, as read: empty when its log (a serverless run: its billed
     * cost) is not (yet) there.
     */
    record NextRun(long runId, long startMs, long endMs, boolean succeeded, Optional<RunView> run) {}

    /** What a step is judged against: a run, the checks with their values on it, and that run with the job's history. */
    record Baseline(long runId, List<MetricCheck> checks, RunHistory history) {}

    /** The runs a step is judged on, and the run time predicted for it (when the finding predicted one). */
    record Runs(NextRun next, Baseline baseline, Optional<Prediction> prediction) {}

    /** The verdict on a step: the transition that records it and what the thread is told. */
    record Judged(Transition transition, Judgement judgement) {}

    /** Whether {@code next} may judge the step now: it ran with the change, and its log is there or will not come. */
    static boolean judgeable(ChangeRecord change, NextRun next, Instant now) {
        if (next.startMs() < change.appliedAt().toEpochMilli()) {
            return false; // started before the change: it ran with the old settings
        }
        return next.run().isPresent() || !next.succeeded() || !now.isBefore(Instant.ofEpochMilli(next.endMs()).plus(LOG_DELIVERY_WAIT));
    }

    /** The step's checks measured on the next run against its baseline; a failed run fails the step. */
    static Judged judge(Runs runs) {
        NextRun next = runs.next();
        Baseline base = runs.baseline();
        Verdict verdict = next.run().map(a -> FollowUp.evaluate(base.checks(), base.history(), a, next.succeeded()))
                .orElseGet(() -> FollowUp.withoutLog(base.checks(), base.history(), next.succeeded()));
        Optional<Prediction.Outcome> outcome = next.run().flatMap(a -> runs.prediction().map(p -> p.against(a.facts().application().durationMs())));
        return new Judged(verdict.passed() ? Transition.VERIFY : Transition.FAIL_CHECKS,
                new Judgement(base.runId(), next.runId(), verdict, outcome));
    }
}
