package io.sparkadvisor.knowledge.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** The stages' shares and the driver's time outside them add up to the run's duration, and overlapping stages share. */
class WallSharesTest {

    static java.util.List<String> scenarios() {
        return Corpus.scenarios();
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void sharesAndTheTimeOutsideStagesAddUpToTheRun(String scenario) {
        RunFacts run = Corpus.facts(scenario);
        WallShares w = WallShares.of(run);
        long stages = w.byStage().values().stream().mapToLong(Long::longValue).sum();
        assertEquals(run.application().durationMs(), stages + w.outsideStagesMs(), w.byStage().size() + 1.0, scenario);
    }

    /** The sort-merge join's two map stages (sales and markets) run at once: each counts only its share of that time. */
    @Test
    void stagesThatRunAtOnceShareTheirTime() {
        RunFacts run = Corpus.facts("sales-report-smj");
        WallShares w = WallShares.of(run);
        StageFacts sales = run.stage(0).orElseThrow();
        StageFacts markets = run.stage(1).orElseThrow();
        long overlap = Math.min(sales.completedMs(), markets.completedMs()) - Math.max(sales.submittedMs(), markets.submittedMs());
        assertTrue(overlap > 0);
        assertEquals(sales.wallMs() + markets.wallMs() - overlap, w.stageMs(0) + w.stageMs(1), 2.0);
        assertTrue(w.stageMs(1) < markets.wallMs());
    }
}
