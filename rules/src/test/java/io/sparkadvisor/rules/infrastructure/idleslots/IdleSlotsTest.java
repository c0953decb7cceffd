package io.sparkadvisor.rules.infrastructure.idleslots;

import static io.sparkadvisor.rules.RuleTesting.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.RealLogs;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IdleSlotsTest {
    private static final String RULE = "idle-slots";

    @Test
    void firesOnTheNarrowShuffleStageOfARealRunOnceItsStagesCount() {
        // rapids-tools' dynamic-allocation run (28 slots at its peak): its longest narrow stage, 9, waits on one straggler
        // (15.8 s against a median of 682 ms) and read nothing; stage 13 ran 17 tasks over 96 MiB of shuffle for 3.6 s,
        // under the 5 s stage floor. With stages of 3 s counted, that stage is the one: two partitions per slot, each well
        // above partition-sizing.minPartitionBytes and the follow-up's task floor.
        RunFacts alloc = RealLogs.facts(RealLogs.RAPIDS_QUALIFICATION + "cluster_information/eventlog_4nodes_8cores_dynamic_alloc.zstd");
        silent(advise(alloc, Map.of()), RULE);
        Finding f = firedAtItsStake(advise(alloc, Map.of("general.minStageWallMs", "3000")), RULE, alloc);
        assertEquals(List.of(13), f.stageIds());
        assertEquals(17, number(f, "narrowStageTasks"));
        assertEquals(2 * number(f, "slots"), number(f, "proposedPartitions"));
    }

    @Test
    void aStageOfAFewHundredMillisecondsGetsNoRepartition() {
        // rapids-tools' Dataset runs in local mode: slots idle 68% of a 0.017 core-hour run, its narrow stages last 300 ms.
        silent(advise(RealLogs.facts(RealLogs.RAPIDS_PROFILING + "eventlog_dsv1.zstd"), Map.of()), RULE);
    }

    @Test
    void aListingStageOfOneTaskGetsNoRepartition() {
        // nds_q66: stage 0 (`load`, one task, 21.9 s of wall time, 19 s of it waiting for executors) read no bytes and no
        // rows: listing and planning, nothing to split. Stage 31, one task over 4 KB, is not a candidate either.
        IdleSlotsEvidence e = IdleSlotsEvidence.of(new RunView(RealLogs.facts(RealLogs.RAPIDS_PROFILING + "nds_q66_gpu.zstd")),
                Thresholds.defaults()).get(0);
        assertFalse(List.of(0, 31).contains(e.narrowStageId()), e.toString());
    }

    @Test
    void silentOnARealYarnRunWhoseNarrowStagesHoldNothingToSplit() {
        // spark-rapids-tools' join/aggregate on YARN: slots sit idle 66% of the run, but its narrow stages are a file
        // listing (one task, no bytes) and a 6.4 MiB shuffle already in 16 tasks; with no worker count to cut, there is
        // no remedy to offer.
        silent(advise(RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/join_agg_on_yarn_eventlog.zstd")), Map.of()),
                RULE);
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
        assertTrue(changes.stream().noneMatch(c -> c.key().contains("spark.sql.shuffle.partitions")), changes.toString());
    }

    @Test
    void theShufflePartitionsAreProposedOnlyWhereTheyMadeTheStageNarrow() {
        // healthy's longest narrow stage is the final count: one short task reading a single-partition shuffle of a few
        // KB, which by default justify no more partitions (no partition under partition-sizing.minPartitionBytes, no
        // stage under general.minStageWallMs). With the floors off it is the narrow stage, while the run sets 8 shuffle partitions: setting the job's partitions
        // to 2 per slot would only lower the other stages'.
        RunFacts healthy = Corpus.facts("healthy");
        assertFalse(IdleSlotsEvidence.of(new RunView(healthy), Thresholds.defaults()).get(0).hasNarrowStage());
        assertFalse(shuffleChange(healthy).isPresent());
        // A run whose setting did make the stage: its one task was the one shuffle partition it was given. The stage holds
        // a sliver of the shuffle bytes the setting sizes in the run, so the count is set for its query, not the job.
        Optional<String> one = shuffleChange(EditedRuns.withSettings(healthy, Map.of("spark.sql.shuffle.partitions", "1")));
        assertTrue(one.orElseThrow().startsWith("spark.conf.set(\"spark.sql.shuffle.partitions\", \"4\")"), one.toString());
        assertFalse(shuffleChange(EditedRuns.withSettings(healthy, Map.of("spark.sql.shuffle.partitions", "auto"))).isPresent());
    }

    private static Optional<String> shuffleChange(RunFacts facts) {
        Thresholds noFloors = Thresholds.withOverrides(Map.of("partition-sizing.minPartitionBytes", "1",
                "follow-up.minMedianTaskMs", "0", "general.minStageWallMs", "0"));
        IdleSlotsEvidence e = IdleSlotsEvidence.of(new RunView(facts), noFloors).get(0);
        assertTrue(e.hasNarrowStage(), e.toString());
        return IdleSlotsAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), noFloors).recommendation().steps().get(0)
                .changes().stream().filter(c -> c.key().contains("spark.sql.shuffle.partitions")).map(Change::value).findFirst();
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
