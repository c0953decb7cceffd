package io.sparkadvisor.bot.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The default baseline on the corpus's real runs, and "slower than usual". */
class HistoryBandTest {
    private static ReadRun run(long id, String scenario) {
        return new ReadRun(new RunRef(id, 45L, null), "Run " + id, 0, Corpus.facts(scenario));
    }

    @Test
    void theBaselineIsTheMedianRunOfTheNewestRunsSetup() {
        ReadRun usual = run(3, "sales-report");
        ReadRun again = run(2, "sales-report-again");
        HistoryBand band = HistoryBand.of(List.of(usual, again, run(1, "sales-report-3x"))).orElseThrow();
        assertEquals(List.of(3L, 2L, 1L), band.runs().stream().map(r -> r.ref().runId()).toList(), "the same setup, another input");
        long middle = usual.durationMs() < again.durationMs() ? 2 : 3; // the slower of the two, below the 3x run
        assertEquals(middle, band.medianRun().ref().runId(), "the middle of three by run time");
    }

    @Test
    void runsOfAnotherSetupAreLeftOut() {
        HistoryBand band = HistoryBand.of(List.of(run(3, "io-bound-2-slots"), run(2, "io-bound-again"))).orElseThrow();
        assertEquals(List.of(3L), band.runs().stream().map(r -> r.ref().runId()).toList(), "local[4] is not local[2]");
    }

    @Test
    void noEarlierRunIsNoBand() {
        assertTrue(HistoryBand.of(List.of()).isEmpty());
    }

    @Test
    void slowerThanUsualIsBeyondTheNoiseOfThreeRunsOrMore() {
        RunComparisons comparisons = new RunComparisons(null, Thresholds.defaults());
        List<Double> usual = List.of(100_000.0, 104_000.0, 98_000.0, 101_000.0);
        assertTrue(comparisons.aboveUsual(usual, 190_000));
        assertFalse(comparisons.aboveUsual(usual, 106_000), "within the spread");
        assertFalse(comparisons.aboveUsual(usual.subList(0, 2), 190_000), "two runs say nothing of the job's spread");
        assertFalse(comparisons.aboveUsual(List.of(), 190_000));
    }
}
