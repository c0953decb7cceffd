package io.sparkadvisor.rules.serverless.performancemode;

import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.HEALTHY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.NIGHTLY;
import static io.sparkadvisor.rules.serverless.ServerlessRuns.WAREHOUSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.serverless.ServerlessFixtures;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.knowledge.serverless.PerformanceMode;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.FollowUp;
import io.sparkadvisor.rules.advisor.RunHistory;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.serverless.ServerlessRuns;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PerformanceModeRuleTest {
    @Test
    void firesWithTheDifferenceTheJobsOwnRunsInEachModeShow() {
        ServerlessRun run = ServerlessFixtures.run(NIGHTLY);
        Finding f = ServerlessRuns.finding(NIGHTLY, PerformanceModeRule.ID).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals(true, f.evidence().get("measured"));
        assertEquals(4, f.evidence().get("optimizedRuns"), "three earlier runs and this one");
        assertEquals(3, f.evidence().get("standardRuns"));
        double optimized = (108.2 + 111.9 + 104.6 + 106.8) / 4 * 0.35;
        double standard = (70.1 + 66.4 + 69.0) / 3 * 0.35;
        double reduction = 1 - standard / optimized;
        assertEquals(reduction, (double) f.evidence().get("reduction"), 1e-3);
        assertEquals(run.dollars() * reduction, f.savings().dollars(), 0.01);
        assertFalse(f.savings().upperBound(), "measured on the job's own runs");
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals(new Change("job", "performance_target", "STANDARD"), change);
        assertTrue(change.applicable(), "the one job setting serverless takes: the bot may apply it");
    }

    @Test
    void assumesTheReductionWhenTheJobHasTooFewRunsInEachMode() {
        Finding f = ServerlessRuns.finding(ServerlessRuns.advise(NIGHTLY, Map.of(PerformanceModeRule.MIN_RUNS_PER_MODE.key(), "5")),
                PerformanceModeRule.ID).orElseThrow();
        assertEquals(false, f.evidence().get("measured"));
        assertEquals(0.3, (double) f.evidence().get("reduction"), 1e-9);
        assertTrue(f.savings().upperBound());
    }

    @Test
    void silentWhereStandardsSlowerStartWouldTripTheDurationAlert() {
        ServerlessRun healthy = ServerlessFixtures.run(HEALTHY);
        assertTrue(ServerlessRuns.finding(HEALTHY, PerformanceModeRule.ID).isEmpty());
        // Without the alert, the same run would be told to switch: the alert is what keeps it silent.
        ServerlessRun noAlert = new ServerlessRun(healthy.jobId(), healthy.runId(), healthy.startMs(), healthy.endMs(), healthy.mode(),
                false, OptionalLong.empty(), healthy.dbus(), healthy.dollars(), healthy.statements(), healthy.recentRuns());
        assertTrue(ServerlessRuns.finding(ServerlessRuns.advise(noAlert, Map.of()), PerformanceModeRule.ID).isPresent());
    }

    @Test
    void silentOnStatementsRunByNoJob() {
        assertTrue(ServerlessRuns.finding(WAREHOUSE, PerformanceModeRule.ID).isEmpty());
    }

    /** The next run: within this run's time plus standard's start delay, and cheaper as billing priced it. */
    @Test
    void itsChecksPassWhenTheNextRunEndsWithinTheStartDelayForLessAndFailPastEitherOrUnpriced() {
        ServerlessRun run = ServerlessFixtures.run(NIGHTLY);
        Step step = ServerlessRuns.finding(NIGHTLY, PerformanceModeRule.ID).orElseThrow().recommendation().steps().get(0);
        double standard = run.dollars() * 0.65;
        assertEquals(List.of(P, P), outcomes(step, run, next(run, 4 * 60_000, standard)));
        assertEquals(List.of(F, P), outcomes(step, run, next(run, 9 * 60_000, standard)), "ends too late");
        assertEquals(List.of(P, F), outcomes(step, run, next(run, 4 * 60_000, run.dollars())), "not cheaper");
        assertEquals(List.of(P, F), outcomes(step, run, next(run, 4 * 60_000, 0)), "billing has no cost for it: unmeasured");
    }

    private static List<String> outcomes(Step step, ServerlessRun before, ServerlessRun after) {
        return FollowUp.evaluate(step.verify(), RunHistory.baselineOnly(before.asRunFacts()), new RunView(after), true).rows().stream()
                .map(r -> r.passed() ? P : F).toList();
    }

    private static ServerlessRun next(ServerlessRun run, long laterByMs, double dollars) {
        return new ServerlessRun(run.jobId(), run.runId(), run.startMs(), run.endMs() + laterByMs, PerformanceMode.STANDARD,
                run.continuous(), run.durationAlertMs(), dollars == 0 ? 0 : run.dbus() * dollars / run.dollars(), dollars, run.statements(),
                run.recentRuns());
    }
}
