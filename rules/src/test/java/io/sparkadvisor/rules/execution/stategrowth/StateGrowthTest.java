package io.sparkadvisor.rules.execution.stategrowth;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.finding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * state-growth on real Structured Streaming logs (corpus/streaming): a count per value with no watermark (every row a
 * new key) against a windowed count whose watermark removes closed windows, and the stateless healthy control.
 */
class StateGrowthTest {
    private static final String RULE = StateGrowthRule.ID;

    private static RunFacts growth() {
        return Corpus.streamingFacts("stream-state-growth");
    }

    @Test
    void theStateOfACountPerValueGrowsEveryBatchAndNothingLeavesIt() {
        JsonNode measured = Corpus.streamingScenario("stream-state-growth").path("streaming");
        StateGrowthEvidence e = StateGrowthEvidence.of(new RunView(growth()), Thresholds.defaults()).get(0);
        assertEquals("count-per-session", e.queryName());
        assertEquals(38, e.batches());
        assertEquals(measured.path("stateRowsFirstLast").get(0).asLong(), e.rowsFirst());
        assertEquals(measured.path("stateRowsFirstLast").get(1).asLong(), e.rowsLast());
        assertEquals(measured.path("stateMemoryBytesFirstLast").get(1).asLong(), e.memoryLastBytes());
        assertEquals(0, e.rowsRemoved());
        assertEquals(e.rowsLast(), e.rowsUpdated(), "every input row a new key, updated once");
        assertEquals(1.0, e.growingShare(), 1e-9, "one batch read nothing, and its state stayed: still every step rose");
        assertEquals(measured.path("stateShufflePartitions").asInt(), e.stateShufflePartitions());
        assertFalse(e.watermark());
        assertFalse(e.rocksDb());
        // 500 rows/s of new keys: about 1.8 million rows an hour, so a week from now about 300 million
        assertTrue(e.rowsPerHour() > 1_500_000 && e.rowsPerHour() < 2_100_000, "rows an hour " + e.rowsPerHour());
        assertEquals(Math.round(e.rowsLast() + e.rowsPerHour() * 168), e.weekRows());

        Finding f = finding(advise(growth(), Map.of()), RULE).orElseThrow();
        assertEquals(Severity.HIGH, f.severity(), "a reliability risk keeps its severity: 300 million rows in a week");
        assertTrue(f.risk().contains(e.weekRows() + " rows"), f.risk());
        Step step = f.recommendation().steps().get(0);
        assertEquals(1, f.recommendation().steps().size(), "58,000 rows: the heap store holds them, no RocksDB step");
        assertEquals("code", step.changes().get(0).scope());
        assertTrue(step.changes().get(0).value().startsWith(".withWatermark("), step.changes().get(0).value());
    }

    @Test
    void aLargeStateMovesToRocksDbOnlyWithANewCheckpoint() {
        Finding f = finding(advise(growth(), Map.of(RULE + ".rocksDbRows", "50000")), RULE).orElseThrow();
        List<Step> steps = f.recommendation().steps();
        assertEquals(2, steps.size());
        Change store = steps.get(1).changes().get(0);
        assertTrue(store.instruction(), "the checkpoint pins the provider: nothing the bot can set on the job");
        assertTrue(store.value().contains("spark.sql.streaming.stateStore.providerClass="
                + StateGrowthAdvice.SPARK_ROCKSDB) && store.value().contains("new checkpoint"), store.value());
    }

    @Test
    void silentWhereTheWatermarkRemovesStateOrThereIsNone() {
        StateGrowthEvidence late = StateGrowthEvidence.of(new RunView(Corpus.streamingFacts("stream-late-rows")),
                Thresholds.defaults()).get(0);
        assertTrue(late.watermark());
        assertTrue(late.rowsRemoved() > 0 && late.removedShare() > 0.5, "closed windows leave the state: " + late);
        assertTrue(finding(advise(Corpus.streamingFacts("stream-late-rows"), Map.of(RULE + ".minBatches", "2")), RULE).isEmpty());
        assertEquals(List.of(), StateGrowthEvidence.of(new RunView(Corpus.streamingFacts("stream-healthy")), Thresholds.defaults()));
        assertTrue(finding(advise(growth(), Map.of(RULE + ".minGrowingShare", "1", RULE + ".maxRemovedShare", "0",
                RULE + ".minBatches", "39")), RULE).isEmpty(), "38 batches: fewer than asked");
    }
}
