package io.sparkadvisor.rules.queryplan.broadcastjoin;

import io.sparkadvisor.rules.advisor.Metric;
import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.FollowUp;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.Verdict;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The follow-up checks of broadcast-join's steps: the small side's on the real smj-small-side run (a 230 MB order side
 * shuffled to meet 1,000 products); the oversized broadcast's on real runs of one job before and after its step
 * (corpus pairs: broadcast-oversized, then the hint removed, or only the threshold lowered with the hint kept).
 */
class BroadcastJoinStepChecksTest {
    private static final RunFacts SMJ = Corpus.facts("smj-small-side");
    private static final String OVERSIZED = "broadcast-oversized";
    private static final String SHUFFLED = "broadcast-oversized-shuffled";
    private static final String HINT_KEPT = "broadcast-oversized-hint-kept";

    @Test
    void theLargeSideMustNoLongerBeShuffledAndTheRunNotSlower() {
        List<MetricCheck> c = checks("broadcast-join", SMJ, 1);
        assertEquals(List.of("appDurationMs", "shuffleWriteBytes"), metrics(c));
        // The same run with the order side's map stage writing no shuffle: the join reads it where it lies.
        int orderSide = SMJ.stages().stream().max(Comparator.comparingLong(s -> s.sum(TaskMetric.SHUFFLE_WRITE_BYTES)))
                .map(StageFacts::stageId).orElseThrow();
        RunFacts broadcast = EditedRuns.withStageMetricScaled(SMJ, orderSide, TaskMetric.SHUFFLE_WRITE_BYTES, 0);
        assertEquals(List.of(P, P), outcomes(c, SMJ, broadcast));
        assertEquals(List.of(P, F), outcomes(c, SMJ, SMJ), "nothing changed: the same bytes shuffled");
        assertEquals(List.of(F, P), outcomes(c, SMJ, EditedRuns.withTimesScaled(broadcast, 1.5)));
    }

    private static Finding oversized() {
        return RuleTesting.fired(RuleTesting.advise(OVERSIZED), "broadcast-join");
    }

    @Test
    void theOversizedBroadcastFiresOnTheRealRunAndItsStepLowersTheThresholdAndDropsTheHint() {
        Finding f = oversized();
        long customers = Corpus.scenario(OVERSIZED).path("construction").path("buildSideRows").asLong();
        assertEquals("BroadcastHashJoin", f.evidence().get("join"));
        assertEquals(customers, f.evidence().get("buildSideRows"));
        assertEquals(Metric.BROADCAST_BYTES.ofRun().value(Corpus.facts(OVERSIZED)).getAsDouble(),
                ((Number) f.evidence().get("buildSideBytes")).doubleValue(), "the run's one broadcast is the customers");
        List<Change> changes = f.recommendation().steps().get(0).changes();
        assertEquals(Change.sparkConf("spark.sql.autoBroadcastJoinThreshold", "10m"), changes.get(0), "the 2g threshold let it through");
        assertEquals("code", changes.get(1).scope());
        assertEquals(List.of("appDurationMs", "broadcastBytes"), metrics(f.recommendation().steps().get(0).verify()));
    }

    @Test
    void theStepHoldsOnTheRealRunThatShuffledTheCustomersAndFailsOnTheOneThatStillBroadcastThem() {
        List<MetricCheck> c = checks("broadcast-join", Corpus.facts(OVERSIZED), 1);
        assertEquals(List.of(P, P), outcomes(c, Corpus.facts(OVERSIZED), SHUFFLED));
        assertEquals(List.of(P, F), outcomes(c, Corpus.facts(OVERSIZED), HINT_KEPT), "the hint still broadcasts them");
    }

    private static Verdict judge(String after) {
        List<MetricCheck> c = oversized().recommendation().steps().get(0).verify();
        Verdict v = FollowUp.evaluate(c, Corpus.facts(OVERSIZED), Corpus.facts(after), true);
        v.rows().forEach(r -> System.out.printf("verdict %s -> %s: %s: %s -> %s (%s)%n", OVERSIZED, after, r.check().text(),
                r.beforeText(), r.afterText(), r.passed() ? P : F));
        return v;
    }

    private static Verdict.Row broadcastRow(Verdict v) {
        return v.rows().stream().filter(r -> r.check().metric().equals(Metric.BROADCAST_BYTES.ofRun())).findFirst().orElseThrow();
    }

    /**
     * In the run without the hint the customers are shuffled: their rows leave the broadcasts whole, but the shuffle
     * they add is written serialized and compressed, far less than half their size in memory (the check this one
     * replaced asked for that, and failed the step that worked).
     */
    @Test
    void theShuffledRunPassesOnBroadcastBytesWhereItsShuffleGrewByLessThanHalfTheSideInMemory() {
        Verdict v = judge(SHUFFLED);
        assertTrue(v.passed(), v.toString());
        Verdict.Row broadcast = broadcastRow(v);
        assertEquals(0, broadcast.after().getAsDouble(), "no broadcast left");
        double buildSide = oversized().recommendation().steps().get(0).verify().get(1).bound() * 2;
        double moreShuffle = Metric.SHUFFLE_WRITE_BYTES.ofRun().value(Corpus.facts(SHUFFLED)).getAsDouble()
                - Metric.SHUFFLE_WRITE_BYTES.ofRun().value(Corpus.facts(OVERSIZED)).getAsDouble();
        assertTrue(moreShuffle > 0 && moreShuffle < buildSide / 2, moreShuffle + " more shuffled for a " + buildSide + " B side");
    }

    @Test
    void theRunThatKeptTheHintFailsOnTheSameBroadcastThoughItIsNoSlower() {
        Verdict v = judge(HINT_KEPT);
        Verdict.Row broadcast = broadcastRow(v);
        assertEquals(broadcast.before().getAsDouble(), broadcast.after().getAsDouble(), "the same customers, the same size");
        assertFalse(broadcast.passed());
        assertFalse(v.passed());
    }
}
