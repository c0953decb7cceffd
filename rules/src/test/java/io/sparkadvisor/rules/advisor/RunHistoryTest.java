package io.sparkadvisor.rules.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Baselines from the job's history on the real io-bound run: the runs before it, with their duration moved as a
 * noisy job's is (EditedRuns), give "the run is not slower" a band wider than the fixed 5%; a run that read twice
 * the input is judged per input byte; a run with other settings is not part of the band.
 */
class RunHistoryTest {
    private static final Thresholds T = Thresholds.defaults();
    private static final RunFacts BASELINE = Corpus.facts("io-bound");
    /** Four earlier runs of the job, 8% faster to 12% slower than the baseline. */
    private static final List<RunFacts> NOISY = List.of(EditedRuns.withTimesScaled(BASELINE, 1.08),
            EditedRuns.withTimesScaled(BASELINE, 0.92), EditedRuns.withTimesScaled(BASELINE, 1.12),
            EditedRuns.withTimesScaled(BASELINE, 0.95));
    private static final MetricCheck NOT_SLOWER = Checks.ofRun().notSlower(T).measuredOn(BASELINE);

    private static Verdict.Row judge(RunHistory history, RunFacts after) {
        return FollowUp.evaluate(List.of(NOT_SLOWER), history, after, true).rows().get(0);
    }

    @Test
    void theBandIsTheMedianAndRobustSpreadOfTheRuns() {
        NoiseBand band = NoiseBand.of(List.of(100.0, 108.0, 92.0, 112.0, 95.0), 3.5);
        assertEquals(100, band.median());
        assertEquals(3.5 * 8 / 0.6745, band.noise(), 1e-9); // deviations 0, 8, 8, 12, 5: median 8
        assertEquals(5, band.runs());
        assertFalse(band.guess());
        assertTrue(NoiseBand.single(100).guess());
        NoiseBand two = NoiseBand.of(List.of(100.0, 110.0), 3.5);
        assertEquals(3.5 * 5 / 0.6745, two.noise(), 1e-9); // the baseline and one earlier run: a spread, but a guess
        assertTrue(two.guess());
    }

    @Test
    void aNoisyJobPassesWithinItsBandWhereTheFixedFivePercentFails() {
        RunFacts tenPercentSlower = EditedRuns.withTimesScaled(BASELINE, 1.10);
        Verdict.Row alone = judge(RunHistory.baselineOnly(BASELINE), tenPercentSlower);
        assertFalse(alone.passed(), "one run: the fixed 5% holds");
        assertTrue(alone.bandIsGuess());
        assertEquals(1, alone.baseline().orElseThrow().band().runs());

        Verdict.Row banded = judge(RunHistory.of(BASELINE, NOISY, T), tenPercentSlower);
        assertTrue(banded.passed(), banded.toString());
        assertFalse(banded.bandIsGuess());
        assertEquals(5, banded.baseline().orElseThrow().band().runs());
    }

    @Test
    void aRegressionBeyondTheBandFails() {
        assertFalse(judge(RunHistory.of(BASELINE, NOISY, T), EditedRuns.withTimesScaled(BASELINE, 1.6)).passed());
    }

    @Test
    void twiceTheInputIsJudgedPerInputByte() {
        RunFacts twice = EditedRuns.withInputScaled(EditedRuns.withTimesScaled(BASELINE, 2), 2);
        assertTrue(RunInput.of(BASELINE).records() > 0, "io-bound's source counts its records");
        Verdict.Row row = judge(RunHistory.baselineOnly(BASELINE), twice);
        assertTrue(row.passed(), "twice the time for twice the data is the same speed");
        assertEquals(2.0, row.baseline().orElseThrow().inputTimes().getAsDouble(), 1e-9);

        RunFacts twiceAndSlow = EditedRuns.withInputScaled(EditedRuns.withTimesScaled(BASELINE, 2.6), 2);
        assertFalse(judge(RunHistory.baselineOnly(BASELINE), twiceAndSlow).passed(), "30% slower per byte");
        RunFacts otherWork = EditedRuns.withInputScaled(EditedRuns.withTimesScaled(BASELINE, 2), 20);
        assertFalse(judge(RunHistory.baselineOnly(BASELINE), otherWork).passed(), "20 times the input is other work, not per byte");
    }

    @Test
    void aStepThatMustShortenTheRunMustBeatTheNoiseToo() {
        MetricCheck shorter = new MetricCheck(Metric.APP_DURATION_MS.ofRun(), MetricCheck.Comparison.AT_MOST_BASELINE_TIMES, 0.95,
                "shorter").measuredOn(BASELINE);
        RunFacts tenPercentFaster = EditedRuns.withTimesScaled(BASELINE, 0.9);
        assertTrue(FollowUp.evaluate(List.of(shorter), RunHistory.baselineOnly(BASELINE), tenPercentFaster, true).passed());
        assertFalse(FollowUp.evaluate(List.of(shorter), RunHistory.of(BASELINE, NOISY, T), tenPercentFaster, true).passed(),
                "10% faster is within the job's own noise");
    }

    @Test
    void runsWithAnotherSetupOrBeyondTheCountAreLeftOut() {
        RunFacts otherSettings = EditedRuns.withSettings(EditedRuns.withTimesScaled(BASELINE, 1.5),
                Map.of("spark.sql.shuffle.partitions", "400"));
        RunFacts otherHost = EditedRuns.withSettings(BASELINE, Map.of("spark.driver.host", "10.0.0.9"));
        assertFalse(SameSetup.of(otherSettings, BASELINE));
        assertTrue(SameSetup.of(otherHost, BASELINE), "a run's host is not its setup");
        RunHistory history = RunHistory.of(BASELINE, List.of(otherSettings, NOISY.get(0), NOISY.get(1)), Thresholds.withOverrides(
                Map.of("follow-up.historyRuns", "1")));
        assertEquals(2, history.before(NOT_SLOWER, Optional.empty()).orElseThrow().band().runs());
    }
}
