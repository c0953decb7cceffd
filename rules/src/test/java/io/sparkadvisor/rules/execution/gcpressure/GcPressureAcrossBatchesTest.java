package io.sparkadvisor.rules.execution.gcpressure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * GC pressure on a streaming query's stage is judged across its micro-batches, on real streaming logs (corpus/streaming,
 * local mode: their batches collect little, so the ratio and floors are lowered here). What is left to decide is whether
 * the median batch collected, or one batch did.
 */
class GcPressureAcrossBatchesTest {

    /**
     * The state-growth stream's stateful aggregation (stage 75, the latest of 38 batches) collected 2.1 s of its 133 s of
     * task time, 1.4% in the median batch: at a 1% rung it fires over the 38 batches' sums, which the latest batch alone
     * (a few tens of milliseconds of GC) never reaches.
     */
    @Test
    void theMedianBatchCollectingFiresOnTheSumsOfEveryBatch() {
        RunFacts facts = Corpus.streamingFacts("stream-state-growth");
        Map<String, String> overrides = Map.of("gc-pressure.lowRatio", "0.01", "gc-pressure.minGcMs", "1000");
        Finding f = RuleTesting.finding(RuleTesting.advise(facts, overrides), GcPressureRule.ID).orElseThrow();

        assertEquals(List.of(75), f.stageIds());
        assertEquals(38L, ((Number) f.evidence().get("batches")).longValue());
        assertEquals(2087L, ((Number) f.evidence().get("gcTimeMs")).longValue());
        assertEquals(0.014, (double) f.evidence().get("batchGcShare"), 1e-9); // 0.0137, as the evidence rounds it
        assertTrue(stage(facts, 75).sum(TaskMetric.JVM_GC_TIME) < 1000, "the latest batch alone is under the floor");
        assertTrue(f.recommendation().proof().contains("It is no one-off batch: over the query's 38 micro-batches that ran"
                + " the stage, the median batch spent 1% of its task time in GC."), f.recommendation().proof());
    }

    /**
     * The tiny-batches stream's stage 54 spent 27% of its task time over 55 batches in GC, every floor but the
     * cross-batch one out of the way: but that GC fell in a few batches and the median batch collected nothing, so it
     * raises nothing.
     */
    @Test
    void collectionInAFewBatchesStaysQuiet() {
        RunFacts facts = Corpus.streamingFacts("stream-tiny-batches");
        Map<String, String> floorsOff = Map.of("gc-pressure.minGcMs", "0", "general.minStageWallMs", "0");
        GcPressureEvidence stage54 = GcPressureEvidence.of(new RunView(facts), Thresholds.withOverrides(floorsOff)).stream()
                .filter(e -> e.stageId() == 54).findFirst().orElseThrow();

        assertEquals(55, stage54.batches());
        assertTrue(stage54.gcShare() > 0.2 && stage54.batchGcShare() == 0, stage54.toString());
        assertTrue(RuleTesting.finding(RuleTesting.advise(facts, floorsOff), GcPressureRule.ID).isEmpty());
    }

    /** A batch run's stage is its own single batch: the median batch's share is the stage's share. */
    @Test
    void aBatchRunsStageIsOneBatch() {
        GcPressureEvidence stage2 = GcPressureEvidence.of(new RunView(Corpus.facts("skew")), Thresholds.defaults()).stream()
                .filter(e -> e.stageId() == 2).findFirst().orElseThrow();

        assertEquals(1, stage2.batches());
        assertEquals(stage2.gcShare(), stage2.batchGcShare());
    }

    private static StageFacts stage(RunFacts facts, int id) {
        return facts.stages().stream().filter(s -> s.stageId() == id).findFirst().orElseThrow();
    }
}
