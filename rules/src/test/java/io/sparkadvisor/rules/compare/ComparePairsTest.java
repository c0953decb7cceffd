package io.sparkadvisor.rules.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * compare on real before/after pairs written by Spark (corpus/, CompareScenarios in the generator), each run changing
 * one thing against the run before it: compare names that thing first, with a time within 20% of what the pair's
 * construction implies, and explains at least 80% of the difference; an unchanged rerun stays quiet. The implied times
 * follow from the manifest's construction (rows, waits, slots, partitions) and Spark's scheduling, never from timings.
 */
class ComparePairsTest {
    private static final Comparer COMPARER = new Comparer(Thresholds.defaults());

    private static Comparison compare(String run) {
        return COMPARER.compare(Corpus.facts(run), Corpus.facts(construction(run).path("pairOf").asText()));
    }

    private static JsonNode construction(String scenario) {
        return Corpus.scenario(scenario).path("construction");
    }

    private static void namesFirst(Comparison c, CauseKind kind, double impliedMs) {
        Cause first = c.causes().get(0);
        assertEquals(kind, first.kind(), () -> ComparisonText.render(c));
        assertEquals(impliedMs, first.ms(), 0.2 * impliedMs, () -> "implied " + impliedMs + " ms\n" + ComparisonText.render(c));
        assertTrue(c.explainedShare() >= 0.8, () -> ComparisonText.render(c));
    }

    /** 3x the sales: each of the scan stage's 2 tasks (on 2 slots) waits for its sales, so the stage waits 2x more. */
    @Test
    void threeTimesTheInputIsPutDownToInput() {
        JsonNode base = construction("sales-report");
        double extraWaitMs = (construction("sales-report-3x").path("rows").asLong() - base.path("rows").asLong())
                * base.path("waitUsPerSale").asDouble() / 1000;
        Comparison c = compare("sales-report-3x");
        namesFirst(c, CauseKind.INPUT, extraWaitMs / 2);
    }

    /**
     * The broadcast threshold lowered below the markets: a sort-merge join, whose shuffle AQE coalesces to fewer tasks
     * than the slots the broadcast join's scan stage filled. The construction changes nothing else, so the plan explains
     * the stages' whole difference; the waits alone imply the run's join tasks' extra time.
     */
    @Test
    void aLoweredBroadcastThresholdIsPutDownToTheJoinThatBecameSortMerge() {
        Comparison c = compare("sales-report-smj");
        long stagesDelta = c.deltaMs() - c.outsideDeltaMs();
        namesFirst(c, CauseKind.PLAN, stagesDelta);
        assertTrue(c.causes().get(0).title().contains("BroadcastHashJoin became SortMergeJoin"), c.causes().get(0).title());
        assertTrue(c.causes().get(0).because().stream().anyMatch(s -> s.key().equals("spark.sql.autoBroadcastJoinThreshold")));
    }

    /** 200 -> 8 shuffle partitions on 16 slots: the waiting stage runs 8 tasks at once instead of 16. */
    @Test
    void fewerShufflePartitionsArePutDownToTheSetting() {
        JsonNode k = construction("enrichment-8");
        double waitMs = k.path("rows").asLong() * k.path("waitMsPerRow").asDouble();
        int slots = k.path("slots").asInt();
        double waves200 = Math.ceil(200.0 / slots) * waitMs / 200;
        Comparison c = compare("enrichment-8");
        namesFirst(c, CauseKind.PARTITIONS, waitMs / k.path("shufflePartitions").asInt() - waves200);
        assertEquals(List.of("spark.sql.shuffle.partitions"), c.causes().get(0).because().stream().map(SettingChange::key).toList());
    }

    /** Half the slots: 24 sleeping tasks in 12 waves instead of 6. */
    @Test
    void halfTheSlotsArePutDownToSlots() {
        JsonNode k = construction("io-bound-2-slots");
        double sleepMs = k.path("tasksInSleepStage").asInt() * k.path("sleepMsPerTask").asDouble();
        Comparison c = compare("io-bound-2-slots");
        namesFirst(c, CauseKind.SLOTS, sleepMs / 2 - sleepMs / 4);
        assertTrue(c.causes().get(0).because().stream().anyMatch(s -> s.key().equals("spark.master")));
    }

    /**
     * 85% of the sales on one market: the join task that reads it waits for 85% of the sales while the other slot
     * works through the rest, where the uniform run spread them over both slots.
     */
    @Test
    void aHotKeyInTheDataIsPutDownToSkew() {
        JsonNode k = construction("sales-report-hot");
        double waitMs = k.path("rows").asLong() * k.path("waitUsPerSale").asDouble() / 1000;
        Comparison c = compare("sales-report-hot");
        namesFirst(c, CauseKind.SKEW, k.path("hotShare").asDouble() * waitMs - waitMs / 2);
    }

    @Test
    void anUnchangedRerunIsWithinTheUsualVariation() {
        Comparison c = compare("sales-report-again");
        assertTrue(c.withinNoise(), () -> ComparisonText.render(c));
        assertEquals(List.of(), c.causes());
        assertTrue(c.summary().contains("within the usual variation"), c.summary());
    }
}
