package io.sparkadvisor.rules.platform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A stateful streaming query's checkpoint pins spark.sql.shuffle.partitions (Spark sets it back from the offset log on
 * every restart), so no step offers it to Approve on such a run: the change stays with people, saying why.
 */
class CheckpointPinsTest {
    private static final Change MORE_PARTITIONS = Change.sparkConf("spark.sql.shuffle.partitions", 64);

    @Test
    void theStatefulQuerysCheckpointKeepsItsPartitions() {
        Change checked = ChangeGate.check(MORE_PARTITIONS, new RunView(Corpus.streamingFacts("stream-state-growth")));
        assertFalse(checked.applicable());
        assertTrue(checked.manualBecause().contains("fixed spark.sql.shuffle.partitions at 8")
                && checked.manualBecause().contains("new checkpoint"), checked.manualBecause());
        Change inCode = ChangeGate.check(Change.code("the query", "spark.conf.set(\"spark.sql.shuffle.partitions\", \"2\")"),
                new RunView(Corpus.streamingFacts("stream-state-growth")));
        assertTrue(inCode.manualBecause() != null && inCode.manualBecause().contains("at 8"), "code too: " + inCode);
    }

    @Test
    void aStatelessQueryAndABatchRunTakeTheSetting() {
        assertTrue(ChangeGate.check(MORE_PARTITIONS, new RunView(Corpus.streamingFacts("stream-healthy"))).applicable());
        assertTrue(ChangeGate.check(MORE_PARTITIONS, new RunView(Corpus.facts("healthy"))).applicable());
    }

    /**
     * shuffle-sizing, made to speak on the stateful query's short stages (8 state partitions of about 1 KiB each), would
     * have the code set spark.sql.shuffle.partitions before the query: that too the checkpoint overrides.
     */
    @Test
    void aBatchRulesProposalOnTheStatefulQueryIsLeftToPeople() {
        List<Change> proposed = RuleTesting.advise(Corpus.streamingFacts("stream-state-growth"),
                        Map.of("general.minStageWallMs", "0")).findings().stream()
                .filter(f -> f.rule().equals("shuffle-sizing"))
                .flatMap(f -> f.recommendation().steps().stream()).flatMap(s -> s.changes().stream())
                .filter(c -> (c.key() + c.value()).contains("spark.sql.shuffle.partitions")).toList();
        assertFalse(proposed.isEmpty(), "shuffle-sizing proposed no spark.sql.shuffle.partitions");
        assertTrue(proposed.stream().allMatch(c -> c.manualBecause() != null
                && c.manualBecause().contains("fixed spark.sql.shuffle.partitions at 8")), proposed.toString());
    }
}
