package io.sparkadvisor.bot.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.bot.hotvalue.TopValues;
import java.util.Arrays;
import java.util.List;
import java.util.Comparator;
import org.junit.jupiter.api.Test;

/** Charts render headless to PNG from real facts. */
class ChartsTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

    @Test
    void taskDurationsOfTheSkewedStageAndSlotsOverTime() {
        RunFacts facts = RunFactsReader.read(Corpus.dir().resolve("skew.log.gz"));
        StageFacts longest = facts.stages().stream().max(Comparator.comparingLong(StageFacts::wallMs)).orElseThrow();

        Chart durations = Charts.taskDurations(longest);
        Chart slots = Charts.slots(facts.timeline());

        assertArrayEquals(PNG_MAGIC, Arrays.copyOf(durations.png(), 4));
        assertArrayEquals(PNG_MAGIC, Arrays.copyOf(slots.png(), 4));
        assertTrue(durations.title().contains("median") && durations.fileName().endsWith(".png"));
        assertTrue(slots.png().length > 5_000, "a drawn chart, not an empty image");
    }

    @Test
    void aStreamingQuerysRatesAndDurationsFromARealLogWithItsTriggerWhenTheBatchesShowIt() {
        StreamingQueryFacts healthy = Corpus.streamingFacts("stream-healthy").streaming().get(0);
        StreamingQueryFacts behind = Corpus.streamingFacts("stream-kafka-2-partitions").streaming().get(0);

        Chart keepsUp = Charts.streamingRates(healthy);
        Chart fallsBehind = Charts.streamingRates(behind);

        assertArrayEquals(PNG_MAGIC, Arrays.copyOf(keepsUp.png(), 4));
        assertEquals("streaming-rates.png", keepsUp.fileName());
        assertEquals("healthy-events: rows/s in vs processed, and batch duration vs the trigger (15.0 s)", keepsUp.title());
        assertEquals("kafka-enrich: rows/s in vs processed, and batch duration vs the trigger", fallsBehind.title(),
                "its batches overran any interval: none is drawn");
        assertTrue(fallsBehind.png().length > 5_000, "a drawn chart, not an empty image");
    }

    @Test
    void topValuesOfTheHotKeyAsBars() {
        TopValues top = new TopValues("market_id", List.of(new TopValues.Value("7", 8_500_000), new TopValues.Value("12", 751),
                new TopValues.Value(null, 40)), 10_000_000, "INT", false);

        Chart chart = Charts.topValues(top, "spark_catalog.default.sales");

        assertArrayEquals(PNG_MAGIC, Arrays.copyOf(chart.png(), 4));
        assertEquals("Top values of market_id in spark_catalog.default.sales, share of rows", chart.title());
        assertTrue(chart.png().length > 5_000, "a drawn chart, not an empty image");
    }
}
