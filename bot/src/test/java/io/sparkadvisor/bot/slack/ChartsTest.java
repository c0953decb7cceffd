package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import java.util.Arrays;
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
}
