package io.sparkadvisor.rules.infrastructure.iobound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * io-bound-slots on a streaming query's stage is judged across its micro-batches, on real streaming logs
 * (corpus/streaming): the stage's times summed over its batches, and the median batch waiting and queueing as a batch
 * run's stage must.
 */
class IoBoundAcrossBatchesTest {

    /**
     * The Kafka stream whose tasks wait (stage 27, the latest of 28 batches, each a few seconds): over its batches its tasks
     * computed 1.7% of 153 s and queued for one of the 2 slots, 1% and 54% in the median batch; the stage held half the
     * run. With falling-behind out of the way the waiting stage's finding stands and says over how many batches.
     */
    @Test
    void aStageThatWaitsInMostBatchesFiresOverTheirSums() {
        RunFacts facts = Corpus.streamingFacts("stream-kafka-waits");
        Finding f = RuleTesting.finding(RuleTesting.advise(facts, Map.of("falling-behind.minBatches", "100")),
                IoBoundRule.ID).orElseThrow();

        assertEquals(List.of(27), f.stageIds());
        assertEquals(28L, ((Number) f.evidence().get("batches")).longValue());
        assertTrue((double) f.evidence().get("batchComputeShare") < 0.05, f.evidence().toString());
        assertTrue((double) f.evidence().get("appShare") > 0.2, "the latest batch's stage alone is a few seconds of the run");
        assertTrue(f.recommendation().proof().contains("It is no one-off batch: over the query's 28 micro-batches that ran the"
                + " stage, the median batch's tasks computed 1% of their run time and queued 54% of it for a slot."),
                f.recommendation().proof());
    }

    /** At the defaults the same query falls behind: its remedy (tasks wait: more slots per core) stands and cites this one. */
    @Test
    void itGivesWayToFallingBehindOnItsQuery() {
        Advice advice = RuleTesting.advise(Corpus.streamingFacts("stream-kafka-waits"), Map.of());

        assertTrue(RuleTesting.finding(advice, IoBoundRule.ID).isEmpty());
        Finding behind = RuleTesting.fired(advice, "falling-behind");
        assertEquals(List.of(IoBoundRule.ID), ((List<?>) behind.evidence().get("supersedes")).stream()
                .map(c -> ((Map<?, ?>) c).get("rule")).toList());
    }

    /**
     * The healthy stream's stage 16 (17 batches) queued 18% of its run time over all its batches, but 9% in the median
     * batch: a few batches queued, most did not, so it stays quiet, with every other floor lowered out of the way. A 9%
     * rung shows the median batch is what holds it back.
     */
    @Test
    void aStageThatQueuedInAFewBatchesStaysQuiet() {
        RunFacts facts = Corpus.streamingFacts("stream-healthy");
        Map<String, String> floorsOff = new HashMap<>(Map.of("io-bound-slots.maxComputeShare", "0.2",
                "io-bound-slots.minMedianTaskMs", "0", "io-bound-slots.minAppShare", "0"));
        IoBoundEvidence stage16 = IoBoundEvidence.of(new RunView(facts), Thresholds.withOverrides(floorsOff)).stream()
                .filter(e -> e.stageId() == 16).findFirst().orElseThrow();

        assertEquals(17, stage16.batches());
        assertTrue(stage16.queuedShare() >= 0.1 && stage16.batchQueuedShare() < 0.1, stage16.toString());
        assertTrue(RuleTesting.finding(RuleTesting.advise(facts, floorsOff), IoBoundRule.ID).isEmpty());

        floorsOff.put("io-bound-slots.minQueuedShare", "0.09");
        assertEquals(List.of(16), RuleTesting.finding(RuleTesting.advise(facts, floorsOff), IoBoundRule.ID).orElseThrow()
                .stageIds()); // low: a few seconds of a local stream
    }
}
