package io.sparkadvisor.rules.advisor;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.fired;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Verdicts of the io-bound and skew steps on corpus runs standing in for the job's next run. */
class FollowUpTest {
    private static List<MetricCheck> firstStepChecks(String scenario, String rule) {
        return fired(advise(scenario), rule).recommendation().steps().get(0).verify();
    }

    private static Verdict verdict(String rule, String baseline, String after, boolean runSucceeded) {
        return FollowUp.evaluate(firstStepChecks(baseline, rule), Corpus.facts(baseline), Corpus.facts(after), runSucceeded);
    }

    /** The same with the stages read by id: the next run is another job standing in for one with the metrics a check needs. */
    private static Verdict verdictById(String rule, String baseline, String after) {
        return FollowUp.evaluate(Verdicts.byId(firstStepChecks(baseline, rule)), Corpus.facts(baseline), Corpus.facts(after), true);
    }

    private static List<Boolean> passes(Verdict v) {
        return v.rows().stream().map(Verdict.Row::passed).toList();
    }

    @Test
    void ioBoundChecksTheRunsDurationSlotHoursNodeCpuAndGcNotTheCpuShare() {
        // More slots move the run's time on the same nodes, not a task's CPU over its run time.
        List<MetricCheck> checks = firstStepChecks("io-bound", "io-bound-slots");
        assertEquals(List.of("appDurationMs", "stage[0].taskMs", "stage[0].nodeCpuShare", "stage[0].gcShare"),
                checks.stream().map(c -> c.metric().toString()).toList());
        assertTrue(checks.get(0).bound() < 1, "the run must be shorter, as the replay predicts");
        assertEquals(1.1, checks.get(1).bound()); // follow-up.tradeOffRatio
        assertEquals(0.1, checks.get(3).bound()); // the rollback threshold io-bound-slots.maxGcShareAfter
    }

    @Test
    void ioBoundAfterABusierButSlowerRunFailsOnDuration() {
        Verdict v = verdictById("io-bound-slots", "io-bound", "healthy");
        assertEquals(List.of(false, true, true, true), passes(v));
        assertEquals("22.3 s", v.rows().get(0).beforeText());
        assertEquals("34.4 s", v.rows().get(0).afterText());
        assertFalse(v.passed());
    }

    @Test
    void ioBoundUnchangedRunFailsBecauseTheRunIsNoShorter() {
        Verdict v = verdict("io-bound-slots", "io-bound", "io-bound", true);
        assertEquals(List.of(false, true, false, true), passes(v), "no shorter, and its nodes' CPUs no busier");
        assertFalse(v.passed());
    }

    @Test
    void skewGoneAndRunShorterPasses() {
        Verdict v = verdict("skew", "skew", "skew-aqe-skewjoin", true);
        assertEquals(List.of(true, true), passes(v));
        assertEquals("11x", v.rows().get(0).beforeText());
        assertEquals("2.1x", v.rows().get(0).afterText());
        assertTrue(v.passed());
    }

    @Test
    void skewStillThereAndSlowerFailsBoth() {
        assertEquals(List.of(false, false), passes(verdict("skew", "skew", "skew-spark4", true)));
    }

    @Test
    void checksCarryTheirBaselineFromTheAdvisedRunSoAVerdictNeedsNotItsLog() {
        List<MetricCheck> checks = firstStepChecks("skew", "skew");
        assertEquals(checks.get(0).metric().value(Corpus.facts("skew")).getAsDouble(), checks.get(0).baseline(), 1e-9);

        Verdict withoutBaselineRun = FollowUp.evaluate(checks, RunHistory.of(null, List.of(), Thresholds.defaults()),
                Corpus.facts("skew-aqe-skewjoin"), true);
        assertEquals(passes(verdict("skew", "skew", "skew-aqe-skewjoin", true)), passes(withoutBaselineRun));

        List<MetricCheck> postedBeforeBaselines = checks.stream()
                .map(c -> new MetricCheck(c.metric(), c.comparison(), c.bound(), c.text())).toList();
        Verdict baselineGone = FollowUp.evaluate(postedBeforeBaselines, (RunFacts) null, Corpus.facts("skew-aqe-skewjoin"), true);
        assertEquals(List.of(false, false), passes(baselineGone), "nothing to compare with");
        assertEquals("not measured", baselineGone.rows().get(0).beforeText());
    }

    @Test
    void aFailedRunFailsWhateverItsMetrics() {
        Verdict v = verdict("skew", "skew", "skew-aqe-skewjoin", false);
        assertEquals(List.of(true, true), passes(v));
        assertFalse(v.passed());
    }

    @Test
    void aRunThatFailedWithoutALogFailsWithNothingMeasured() {
        Verdict v = FollowUp.withoutLog(firstStepChecks("skew", "skew"), RunHistory.baselineOnly(Corpus.facts("skew")), false);
        assertEquals(List.of(false, false), passes(v));
        assertEquals("11x", v.rows().get(0).beforeText());
        assertEquals("not measured", v.rows().get(0).afterText());
        assertFalse(v.runSucceeded());
    }

    @Test
    void aStageTheNextRunDoesNotHaveIsNotMeasuredAndFails() {
        MetricCheck gone = new MetricCheck(Metric.CPU_SHARE.ofStage(999), MetricCheck.Comparison.BELOW, 1, "stage 999");
        Verdict v = FollowUp.evaluate(List.of(gone), Corpus.facts("healthy"), Corpus.facts("healthy"), true);
        assertEquals("not measured", v.rows().get(0).afterText());
        assertFalse(v.passed());
    }

    @Test
    void aStepWithoutChecksDoesNotPassEvenOnASuccessfulRun() {
        Verdict v = FollowUp.evaluate(List.of(), Corpus.facts("healthy"), Corpus.facts("healthy"), true);
        assertTrue(v.rows().isEmpty());
        assertFalse(v.passed());
    }

    @Test
    void stepsStoredWithAndWithoutChecksReadBack() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Step step = fired(advise("skew"), "skew").recommendation().steps().get(0);
        assertEquals(step, json.readValue(json.writeValueAsString(step), Step.class));
        String older = "{\"step\":1,\"changes\":[],\"checks\":[\"a sentence\"],\"rollbackWhen\":\"never\"}";
        assertEquals(List.of(), json.readValue(older, new TypeReference<Step>() {}).verify());
    }
}
