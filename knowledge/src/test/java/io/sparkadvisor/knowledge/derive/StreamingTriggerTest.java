package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.BatchPoint;
import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.knowledge.facts.StreamingTrigger;
import io.sparkadvisor.knowledge.facts.StreamingTrigger.Kind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The trigger inferred from real streaming logs (corpus/streaming), and the bounded chart series. */
class StreamingTriggerTest {

    private static StreamingQueryFacts query(String scenario) {
        return Corpus.streamingFacts(scenario).streaming().get(0);
    }

    @Test
    void aScheduledAvailableNowRunIsToldByItsBackToBackBatchesAndItsOwnEnd() {
        StreamingTrigger t = query("stream-available-now").trigger();
        assertEquals(Kind.AVAILABLE_NOW, t.kind());
        assertEquals(6, t.judged(), "every batch of the run was judged");
        assertEquals(1.0, t.support());
        assertTrue(!t.alwaysOn());
    }

    @Test
    void processingTimeIntervalsComeFromTheStartsOfBatchesThatWaited() {
        // by construction: ProcessingTime(15000 ms) and ProcessingTime(2000 ms); 15 of the control's 16 later batches
        // waited and started on a multiple of 15 s (the second started right after the slow first one)
        StreamingTrigger healthy = query("stream-healthy").trigger();
        assertEquals(new StreamingTrigger(Kind.PROCESSING_TIME, 15_000, 15, 15), healthy);
        StreamingTrigger idle = query("stream-idle-files").trigger();
        assertEquals(Kind.PROCESSING_TIME, idle.kind());
        assertEquals(2_000, idle.intervalMs());
        assertTrue(healthy.alwaysOn() && idle.alwaysOn());
    }

    /** Continuous queries stopped by the generator whose batches overran their trigger: no interval shows, nor a schedule. */
    @ParameterizedTest
    @ValueSource(strings = {"stream-long", "stream-tiny-batches", "stream-state-growth", "stream-kafka-2-partitions",
            "stream-kafka-waits", "stream-late-rows", "stream-waits", "stream-kafka-2-partitions-spark4"})
    void aStoppedContinuousQueryIsNeverTakenForAScheduledRun(String scenario) {
        StreamingTrigger t = query(scenario).trigger();
        assertNotEquals(Kind.AVAILABLE_NOW, t.kind(), scenario + ": " + t);
        assertTrue(t.alwaysOn());
    }

    @Test
    void theChartCoversEveryBatchOfTheLongLogInAtMost120Points() {
        StreamingQueryFacts q = query("stream-long");
        assertEquals(q.totals().batches(), q.chart().stream().mapToLong(BatchPoint::batches).sum());
        assertTrue(q.chart().size() <= ChartSeries.MAX_POINTS && q.chart().size() >= ChartSeries.MAX_POINTS / 2,
                "102 batches fit as they are: " + q.chart().size());
        assertEquals(q.first().orElseThrow().batchId(), q.chart().get(0).firstBatchId());
    }

    @Test
    void aWeekOfBatchesStaysWithinTheBoundAndKeepsItsMeans() {
        ChartSeries series = new ChartSeries();
        int batches = 100_000;
        for (int i = 0; i < batches; i++) {
            series.add(batch(i, i < batches / 2 ? 100 : 300, i < batches / 2 ? 1_000 : 3_000));
        }
        List<BatchPoint> points = series.points();
        assertTrue(points.size() <= ChartSeries.MAX_POINTS && points.size() > ChartSeries.MAX_POINTS / 2, "points " + points.size());
        assertEquals(batches, points.stream().mapToLong(BatchPoint::batches).sum());
        assertEquals(100, points.get(0).inputRowsPerSecond(), 1e-9);
        assertEquals(300, points.get(points.size() - 1).inputRowsPerSecond(), 1e-9);
        assertEquals(3_000, points.get(points.size() - 1).maxDurationMs());
        assertEquals(0, points.get(0).firstBatchId());
    }

    private static MicroBatch batch(long id, double rate, long durationMs) {
        return new MicroBatch(id, 1_000 * id, Map.of(MicroBatch.TRIGGER_EXECUTION, durationMs), 10, rate, rate, List.of(),
                List.of(), -1, Optional.empty(), io.sparkadvisor.knowledge.facts.BatchWork.NONE);
    }
}
