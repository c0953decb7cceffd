package io.sparkadvisor.rules.advisor;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.fired;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Stage signatures and the match between two runs' stages, on real corpus logs. */
class StageMatcherTest {
    private static final StageMatcher MATCHER = new StageMatcher(Thresholds.defaults());

    @Test
    void everyStageOfEveryCorpusRunFindsItselfEvenWhereOneShapeRepeats() {
        for (String scenario : Corpus.scenarios()) {
            RunFacts run = Corpus.facts(scenario);
            for (StageSignature s : StageSignature.allOf(new RunView(run))) {
                StageMatch m = MATCHER.find(s, run);
                assertTrue(m.sameId(), scenario + ": " + m.note());
            }
        }
    }

    @Test
    void spark4NumbersTheJoinsMapStagesTheOtherWayRoundAndEachIsFoundByWhatItDoes() {
        RunFacts spark3 = Corpus.facts("skew");
        RunFacts spark4 = Corpus.facts("skew-spark4");
        for (StageSignature s : StageSignature.allOf(new RunView(spark3))) {
            StageMatch m = MATCHER.find(s, spark4);
            assertEquals(s.operators(), StageSignature.of(spark4, m.stageId()).orElseThrow().operators(), m.note());
        }
        StageSignature factsSide = StageSignature.of(spark3, 0).orElseThrow();
        assertTrue(factsSide.operators().contains("Filter"), "the sales side filters its market ids");
        assertEquals(1, MATCHER.find(factsSide, spark4).stageId());
    }

    @Test
    void anotherJobsStagesAreNotComparableAndSayWhy() {
        StageSignature join = StageSignature.of(Corpus.facts("skew"), 2).orElseThrow();
        StageMatch m = MATCHER.find(join, Corpus.facts("healthy"));
        assertFalse(m.found());
        assertEquals(-1, m.stageId());
        assertTrue(m.note().startsWith("stage 2 is not comparable: no stage does what it did (HashAggregate, Project, Sort,"
                + " SortMergeJoin reading hashpartitioning(market_id))"), m.note());
    }

    @Test
    void twoStagesEquallyLikeTheCheckedOneAreATieTheCheckDoesNotGuess() {
        // The salted job's two map stages both add a Range and write (market_id, salt): the markets side is as like
        // the sales side as the markets side is.
        StageSignature marketsSide = StageSignature.of(Corpus.facts("skew"), 1).orElseThrow();
        StageMatch m = MATCHER.find(marketsSide, Corpus.facts("skew-salted"));
        assertFalse(m.found());
        assertTrue(m.note().contains("both look like it"), m.note());
    }

    @Test
    void aStricterSimilarityTurnsAPartialMatchIntoNotComparable() {
        StageSignature join = StageSignature.of(Corpus.facts("skew"), 2).orElseThrow();
        RunFacts salted = Corpus.facts("skew-salted");
        assertTrue(MATCHER.find(join, salted).found());
        StageMatcher strict = new StageMatcher(Thresholds.withOverrides(Map.of("follow-up.minStageSimilarity", "0.99")));
        assertFalse(strict.find(join, salted).found());
    }

    @Test
    void theSignatureIsStoredWithTheCheckSoAFollowUpAfterARestartMatchesTheSameWay() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<MetricCheck> checks = fired(advise("skew"), "skew").recommendation().steps().get(0).verify();
        assertNotNull(checks.get(0).stage(), "a stage check carries its stage's signature");
        assertNull(checks.get(1).stage(), "a whole-run check has none");
        List<MetricCheck> stored = json.readValue(json.writeValueAsString(checks), new TypeReference<List<MetricCheck>>() {});
        assertEquals(checks, stored);
        RunFacts after = Corpus.facts("skew-aqe-skewjoin");
        assertEquals(FollowUp.evaluate(checks, (RunFacts) null, after, true), FollowUp.evaluate(stored, (RunFacts) null, after, true));
    }

    @Test
    void aCheckStoredBeforeSignaturesReadsItsStageById() {
        MetricCheck check = fired(advise("skew"), "skew").recommendation().steps().get(0).verify().get(0);
        MetricCheck older = new MetricCheck(check.metric(), check.comparison(), check.bound(), check.text(), check.baseline());
        RunFacts spark4 = Corpus.facts("skew-spark4");
        MetricCheck.Reading reading = older.on(spark4);
        assertTrue(reading.stage().isEmpty());
        assertEquals(check.metric().value(spark4), reading.value());
    }
}
