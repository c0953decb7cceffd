package io.sparkadvisor.rules.infrastructure.idleslots;

import static io.sparkadvisor.rules.RuleTesting.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IdleSlotsTest {
    private static final String RULE = "idle-slots";

    @Test
    void firesOnARealYarnRunWhoseStagesLeaveSlotsIdle() {
        // spark-rapids-tools' join/aggregate on YARN: slots sit idle and partition-sizing does not speak for the stage.
        Finding f = fired(advise(RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/join_agg_on_yarn_eventlog.zstd")),
                Map.of()), RULE);
        assertTrue(number(f, "idleShare") >= 0.5, f.evidence().toString());
        assertEquals(2 * number(f, "slots"), number(f, "proposedPartitions")); // two tasks per slot
    }

    @Test
    void onTooFewPartitionsItGivesWayToPartitionSizingOnTheSameStage() {
        // One input task on four slots: the scan's split size is the remedy (partition-sizing's), not
        // spark.sql.shuffle.partitions, which a stage that reads no shuffle never sees.
        var advice = advise("too-few-partitions");
        silent(advice, RULE);
        Finding sizing = fired(advice, "partition-sizing");
        assertTrue(String.valueOf(sizing.evidence().get("supersedes")).contains(RULE), sizing.evidence().toString());
        IdleSlotsEvidence e = IdleSlotsEvidence.of(new RunView(Corpus.facts("too-few-partitions")), Thresholds.defaults()).get(0);
        assertFalse(e.narrowReadsShuffle());
        var changes = IdleSlotsAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults()).recommendation()
                .steps().get(0).changes();
        assertTrue(changes.stream().noneMatch(c -> "spark.sql.shuffle.partitions".equals(c.key())), changes.toString());
    }

    @Test
    void silentWhereTasksFillTheSlots() {
        silent(advise("healthy"), RULE);
        silent(advise("io-bound"), RULE);
        var yarn = RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/join_agg_on_yarn_eventlog.zstd"));
        silent(advise(yarn, Map.of("idle-slots.minIdleShare", "0.99")), RULE);
        silent(advise(yarn, Map.of("idleSlots.minIdleShare", "0.99")), RULE); // the deprecated alias
    }
}
