package io.sparkadvisor.bot.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.NoiseBand;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The default baseline and "slower than usual", on the corpus's real runs. */
class HistoryBandTest {
    private static final RunComparisons COMPARISONS = new RunComparisons(null, Thresholds.defaults());
    private static final Function<List<Double>, NoiseBand> USUAL = COMPARISONS::usual;

    private static ReadRun run(long id, String scenario) {
        return new ReadRun(new RunRef(id, 45L, null), "Run " + id, 0, Corpus.facts(scenario));
    }

    @Test
    void theBaselineIsTheMedianRunOfTheNewestRunsSetup() {
        ReadRun usual = run(3, "sales-report");
        ReadRun again = run(2, "sales-report-again");
        ReadRun bigger = run(1, "sales-report-3x");
        HistoryBand band = HistoryBand.of(List.of(usual, again, bigger), USUAL).orElseThrow();
        assertEquals(3, band.runs().size(), "the same setup, another input");
        assertEquals(usual.durationMs() < again.durationMs() ? usual : again, band.medianRun(), "the middle of three by run time");
    }

    @Test
    void runsOfAnotherSetupAreLeftOut() {
        ReadRun fourSlots = run(2, "io-bound-again");
        HistoryBand band = HistoryBand.of(List.of(run(3, "io-bound-2-slots"), fourSlots), USUAL).orElseThrow();
        assertEquals(1, band.runs().size(), "local[4] is not local[2]");
        assertFalse(band.runs().contains(fourSlots));
    }

    @Test
    void aRunIsSlowerThanUsualBeyondTheNoiseOfThreeRunsOrMore() {
        ReadRun usual = run(3, "sales-report");
        long tripled = run(9, "sales-report-3x").durationMs();
        HistoryBand three = HistoryBand.of(List.of(usual, run(2, "sales-report"), run(1, "sales-report-again")), USUAL).orElseThrow();
        assertTrue(three.slower(tripled));
        assertFalse(three.slower(usual.durationMs()), "the median run is usual");
        HistoryBand two = HistoryBand.of(List.of(usual, run(2, "sales-report-again")), USUAL).orElseThrow();
        assertFalse(two.slower(tripled), "two runs say nothing of the job's spread");
    }

    @Test
    void noEarlierRunIsNoBand() {
        assertTrue(HistoryBand.of(List.of(), USUAL).isEmpty());
    }
}
