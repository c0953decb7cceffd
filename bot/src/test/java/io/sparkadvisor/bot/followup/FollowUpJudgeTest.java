package io.sparkadvisor.bot.followup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.followup.FollowUpJudge.Baseline;
import io.sparkadvisor.bot.followup.FollowUpJudge.Judged;
import io.sparkadvisor.bot.followup.FollowUpJudge.NextRun;
import io.sparkadvisor.bot.followup.FollowUpJudge.Runs;
import io.sparkadvisor.bot.store.ChangeRecord;
import io.sparkadvisor.bot.store.ChangeState;
import io.sparkadvisor.bot.store.Transition;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.RunHistory;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The follow-up's verdict decided from runs as read, on the corpus's skewed join and the same join with AQE's skew join on. */
class FollowUpJudgeTest {
    private static final RunFacts SKEWED = RunFactsReader.read(Corpus.dir().resolve("skew.log.gz"));
    private static final RunFacts FIXED = RunFactsReader.read(Corpus.dir().resolve("skew-aqe-skewjoin.log.gz"));
    private static final Instant APPLIED = Instant.parse("2026-12-03T10:00:00Z");
    private static final ChangeRecord CHANGE = new ChangeRecord("4201-skew", 1, ChangeState.APPLIED, APPLIED, "U0BOB", APPLIED, APPLIED,
            "{}", "fp-after", null, false);
    private static final MetricCheck NOT_SLOWER = new MetricCheck(Metric.APP_DURATION_MS.ofRun(), Comparison.AT_MOST_BASELINE_TIMES, 1.05,
            "the run takes at most 5% longer");

    @Test
    void aRunIsJudgedOnceItRanWithTheChangeAndItsLogIsThereOrNoLongerExpected() {
        long start = APPLIED.toEpochMilli() + 60_000;
        long end = start + 600_000;
        Instant justAfter = Instant.ofEpochMilli(end + 1);
        assertFalse(FollowUpJudge.judgeable(CHANGE, new NextRun(4290, APPLIED.toEpochMilli() - 1, end, true, Optional.of(new RunView(FIXED))), justAfter),
                "it started before the change, with the old settings");
        assertTrue(FollowUpJudge.judgeable(CHANGE, new NextRun(4290, start, end, true, Optional.of(new RunView(FIXED))), justAfter));
        assertFalse(FollowUpJudge.judgeable(CHANGE, new NextRun(4290, start, end, true, Optional.empty()), justAfter),
                "its log may still be on its way");
        assertTrue(FollowUpJudge.judgeable(CHANGE, new NextRun(4290, start, end, true, Optional.empty()),
                Instant.ofEpochMilli(end).plus(FollowUpJudge.LOG_DELIVERY_WAIT)), "past the delivery wait it is judged unmeasured");
        assertTrue(FollowUpJudge.judgeable(CHANGE, new NextRun(4290, start, end, false, Optional.empty()), justAfter),
                "a failed run fails the step without waiting for a log");
    }

    @Test
    void theFasterJoinVerifiesTheStepAndTheSlowerOrAFailedRunFailsIt() {
        Judged faster = FollowUpJudge.judge(runs(SKEWED, new NextRun(4290, 0, 0, true, Optional.of(new RunView(FIXED)))));
        assertEquals(Transition.VERIFY, faster.transition(), faster.judgement().verdict().toString());
        assertEquals(List.of(4201L, 4290L), List.of(faster.judgement().baselineRunId(), faster.judgement().runId()));

        Judged slower = FollowUpJudge.judge(runs(FIXED, new NextRun(4291, 0, 0, true, Optional.of(new RunView(SKEWED)))));
        assertEquals(Transition.FAIL_CHECKS, slower.transition(), slower.judgement().verdict().toString());

        Judged failed = FollowUpJudge.judge(runs(SKEWED, new NextRun(4292, 0, Duration.ofHours(1).toMillis(), false, Optional.empty())));
        assertEquals(Transition.FAIL_CHECKS, failed.transition());
        assertTrue(failed.judgement().prediction().isEmpty(), "nothing measured, nothing to compare with the prediction");
    }

    private static Runs runs(RunFacts baseline, NextRun next) {
        return new Runs(next, new Baseline(4201, List.of(NOT_SLOWER.rebasedOn(baseline)), RunHistory.of(baseline, List.of(), Thresholds.defaults())),
                Optional.empty());
    }
}
