package io.sparkadvisor.rules.infrastructure.idleslots;

import static io.sparkadvisor.rules.RuleTesting.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IdleSlotsTest {
    private static final String RULE = "idle-slots";

    @Test
    void firesOnARealYarnRunWhoseStagesLeaveSlotsIdle() {
        // spark-rapids-tools' join/aggregate on YARN: slots sit idle and partition-sizing does not speak for the stage.
        var facts = RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/join_agg_on_yarn_eventlog.zstd"));
        Finding f = finding(advise(facts, Map.of()), RULE).orElseThrow();
        assertTrue(number(f, "idleShare") >= 0.5, f.evidence().toString());
        assertEquals(2 * number(f, "slots"), number(f, "proposedPartitions")); // two tasks per slot
        // 0.14 idle core-hours: the review of 2026-12 called it noise; under general.minSavedCoreHours it is low.
        assertTrue(f.savings().coreHours() < 0.25, f.savings().toString());
        assertEquals(Severity.LOW, f.severity());
        fired(advise(facts, Map.of("general.minSavedCoreHours", "0.1")), RULE);
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
        assertFalse(e.shuffleSettingNarrowed());
        var changes = IdleSlotsAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults()).recommendation()
                .steps().get(0).changes();
        assertTrue(changes.stream().noneMatch(c -> "spark.sql.shuffle.partitions".equals(c.key())), changes.toString());
    }

    @Test
    void theShufflePartitionsAreProposedOnlyWhereTheyMadeTheStageNarrow() {
        // healthy's narrowest long stage is the final count: one task reading a single-partition shuffle, while the run
        // sets 8 shuffle partitions. Setting the job's partitions to 2 per slot would only lower the other stages'.
        RunFacts healthy = Corpus.facts("healthy");
        assertFalse(shuffleChange(healthy).isPresent());
        // A run whose setting did make the stage: its one task was the one shuffle partition it was given.
        assertEquals(Optional.of("4"), shuffleChange(EditedRuns.withSettings(healthy, Map.of("spark.sql.shuffle.partitions", "1"))));
        assertFalse(shuffleChange(EditedRuns.withSettings(healthy, Map.of("spark.sql.shuffle.partitions", "auto"))).isPresent());
    }

    private static Optional<String> shuffleChange(RunFacts facts) {
        IdleSlotsEvidence e = IdleSlotsEvidence.of(new RunView(facts), Thresholds.defaults()).get(0);
        assertTrue(e.hasNarrowStage(), e.toString());
        return IdleSlotsAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults()).recommendation().steps().get(0)
                .changes().stream().filter(c -> "spark.sql.shuffle.partitions".equals(c.key())).map(Change::value).findFirst();
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
