package io.sparkadvisor.rules.streaming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The shuffle partitions a stateful query's checkpoint pins, read from real streaming logs. */
class CheckpointTest {
    @Test
    void aStatefulQueryPinsItsStatePartitions() {
        assertEquals(Optional.of(8), Checkpoint.pinnedShufflePartitions(Corpus.streamingFacts("stream-state-growth")));
    }

    @Test
    void aStatelessQueryOrABatchRunPinsNothing() {
        assertEquals(Optional.empty(), Checkpoint.pinnedShufflePartitions(Corpus.streamingFacts("stream-healthy")));
        assertEquals(Optional.empty(), Checkpoint.pinnedShufflePartitions(Corpus.facts("healthy")));
    }
}
