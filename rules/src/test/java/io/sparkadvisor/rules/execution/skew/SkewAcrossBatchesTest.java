package io.sparkadvisor.rules.execution.skew;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Skew on a streaming query's stage is judged across its micro-batches, on real streaming logs. Their stages last
 * milliseconds, so the floors that keep short stages quiet (wall time, longest task, ratios) are lowered here: what is
 * left to decide is whether the same partition was the largest in most batches or in the latest batch alone.
 */
class SkewAcrossBatchesTest {
    /** Every floor but the cross-batch one out of the way: the latest batch's stage alone would pass them. */
    private static final Map<String, String> FLOORS_OFF = Map.of("general.minStageWallMs", "0", "skew.minMaxTaskMs", "0",
            "skew.minRatio", "1", "skew.minShuffleRatio", "1", "skew.minTasks", "2");

    /**
     * The Kafka word count (Spark's own log, 8 batches): its stateful aggregation read the shuffle from partition 0
     * more than from any other in 5 of the 8 batches (the words concentrate: 168x the median task's read in the median
     * batch). The finding on the latest batch's stage (15) says so.
     */
    @Test
    void theSamePartitionLargestInMostBatchesFiresAndSaysInHowMany() {
        RunFacts facts = RuleTesting.realLog("apache__spark/sql/core/src/test/resources/spark-events/local-1596020211915");
        Finding f = RuleTesting.finding(RuleTesting.advise(facts, FLOORS_OFF), "skew").orElseThrow(); // low: milliseconds

        assertEquals(List.of(15), f.stageIds());
        assertEquals(8L, ((Number) f.evidence().get("batches")).longValue());
        assertEquals(0, ((Number) f.evidence().get("topPartition")).intValue());
        assertEquals(5L, ((Number) f.evidence().get("topPartitionBatches")).longValue());
        assertEquals(168.0, (double) f.evidence().get("batchShuffleRatio"), 1e-9);
        assertTrue(f.recommendation().proof().contains("partition 0 held the largest shuffle read in 5 of the query's 8"
                + " micro-batches"), f.recommendation().proof());
    }

    /** The same log when "most" means more than 70%: 5 of 8 batches is not enough, whatever the latest batch shows. */
    @Test
    void fiveOfEightBatchesAreNotMostWhenMostMeansSeventyPercent() {
        RunFacts facts = RuleTesting.realLog("apache__spark/sql/core/src/test/resources/spark-events/local-1596020211915");
        Map<String, String> stricter = new HashMap<>(FLOORS_OFF);
        stricter.put("general.mostBatchesShare", "0.7");

        assertTrue(RuleTesting.finding(RuleTesting.advise(facts, stricter), "skew").isEmpty());
    }

    /**
     * The state-growth stream (corpus, 38 batches through an 8-partition aggregation): its latest batch's shuffle stage
     * passes every per-stage floor left, but no partition was the largest in most batches (the top one in 8 of 38), so
     * one uneven batch raises nothing.
     */
    @Test
    void aPartitionLargestInOneBatchButNotInMostStaysQuiet() {
        RunFacts facts = Corpus.streamingFacts("stream-state-growth");
        SkewEvidence latest = SkewEvidence.of(new RunView(facts), Thresholds.withOverrides(FLOORS_OFF)).stream()
                .filter(e -> e.batches() > 1 && e.maxShuffleReadBytes() > 0).findFirst().orElseThrow();

        assertEquals(38, latest.batches());
        assertTrue(latest.topPartitionBatches() * 2 < latest.batches(), latest.toString());
        assertTrue(latest.tasks() >= 2 && latest.maxToMedian() >= 1 && latest.shuffleRatio() >= 1, latest.toString());
        assertTrue(RuleTesting.finding(RuleTesting.advise(facts, FLOORS_OFF), "skew").isEmpty());
    }
}
