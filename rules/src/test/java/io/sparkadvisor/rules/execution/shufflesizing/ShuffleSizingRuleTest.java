package io.sparkadvisor.rules.execution.shufflesizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.RealLogs;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RuleFiring;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.execution.ShuffleRead;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShuffleSizingRuleTest {
    @Test
    void firesOnTheThousandTinyPartitionsWithACountFromTheBytes() {
        Finding f = RuleTesting.fired(RuleTesting.advise("shuffle-many-partitions"), "shuffle-sizing");
        int partitions = Corpus.scenario("shuffle-many-partitions").path("construction").path("shufflePartitions").asInt();
        StageFacts stage = Findings.stageOf(f, "shuffle-many-partitions");

        assertEquals(partitions, stage.successfulTasks());
        assertEquals(partitions, f.evidence().get("partitions"));
        assertEquals(stage.sum(TaskMetric.SHUFFLE_READ_BYTES), f.evidence().get("shuffleReadBytes"));
        assertEquals(String.valueOf(partitions), f.evidence().get("shufflePartitions"));
        assertEquals(false, f.evidence().get("aqeCoalescing"));
        // A few MB of shuffle: one partition per slot (local[2]).
        assertEquals(2, f.evidence().get("proposedPartitions"));
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals("spark.sql.shuffle.partitions", change.key());
        assertEquals("2", change.value());
        assertTrue(change.applicable());
        assertTrue(f.savings().runtimeMs() > 0);
    }

    @Test
    void onDatabricksItProposesAuto() {
        RunFacts facts = RuleTesting.withCluster("shuffle-many-partitions", "aws-i3-dedicated.json");
        Finding f = RuleTesting.finding(RuleTesting.advise(facts, Map.of()), "shuffle-sizing").orElseThrow();
        List<Change> changes = f.recommendation().steps().get(0).changes();
        assertEquals("auto", changes.get(0).value());
        assertEquals(List.of("spark.sql.shuffle.partitions", "spark.sql.adaptive.enabled",
                "spark.sql.adaptive.coalescePartitions.enabled"), changes.stream().map(Change::key).toList());
        assertTrue(changes.stream().allMatch(Change::applicable), changes.toString());
    }

    @Test
    void givesWayToAqeDisabledOnItsStages() {
        // aqe-off's 200-partition stages take about 2 s each: below the stage floor, unless it is lowered.
        Advice advice = RuleTesting.advise(Corpus.facts("aqe-off"), Map.of("general.minStageWallMs", "0"));
        RuleTesting.silent(advice, "shuffle-sizing");
        Finding aqe = RuleTesting.finding(advice, "aqe-disabled").orElseThrow();
        assertTrue(aqe.evidence().containsKey("supersedes"), aqe.evidence().keySet().toString());
    }

    @Test
    void silentOnHealthyAndSpillAndUnderAHigherFloor() {
        RuleTesting.silent(RuleTesting.advise("healthy"), "shuffle-sizing");
        RuleTesting.silent(RuleTesting.advise("spill"), "shuffle-sizing");
        assertTrue(Findings.of("shuffle-sizing", "shuffle-many-partitions",
                Map.of("shuffle-sizing.minShrinkFactor", "1000")).isEmpty());
    }

    @Test
    void tooLargePartitionsGetWholeWavesAndTheSpillSaved() {
        ShuffleRead huge = new ShuffleRead(7, 4, 8L << 30, 2L << 30, 2L << 30, 60_000, 70_000, 90_000, 6L << 30, 3L << 30, -1);
        ShuffleSizingEvidence e = ShuffleSizingEvidence.of(huge, ShuffleSizingKind.TOO_LARGE, "4", true, false, 8, 600_000,
                Thresholds.defaults());
        assertEquals(64, e.proposedPartitions());
        // 3 GiB of disk spill written and read once at 100 MiB/s.
        assertEquals(61_440, e.savedTaskMs());
        Finding f = RuleFiring.fire(Map.of(), e).get(0);
        assertEquals("spark.sql.shuffle.partitions", f.recommendation().steps().get(0).changes().get(0).key());
        assertEquals("64", f.recommendation().steps().get(0).changes().get(0).value());
        // The job's code set 4 partitions while the setting says 200: the count goes in the code.
        ShuffleSizingEvidence byCode = ShuffleSizingEvidence.of(huge, ShuffleSizingKind.TOO_LARGE, "200", false, false, 8,
                600_000, Thresholds.defaults());
        assertEquals("code", RuleFiring.fire(Map.of(), byCode).get(0).recommendation().steps().get(0).changes().get(0).scope());
    }

    @Test
    void aCountTheCodesRepartitionMadeIsNotTheSettings() {
        // kubeflow's taxi job: stage 7 reads 5.0 GiB in the 2 partitions of its own repartition(2) (REPARTITION_BY_NUM),
        // with AQE on. Neither spark.sql.shuffle.partitions nor AQE's coalescing made that count: the code did.
        RunFacts taxi = RealLogs.facts(RealLogs.KUBEFLOW_EVENTS + "eventlog_v2_spark-110be3a8424d4a2789cb88134418217b");
        ShuffleSizingEvidence stage7 = ShuffleSizingEvidence.of(new RunView(taxi), Thresholds.defaults()).stream()
                .filter(e -> e.stageId() == 7).findFirst().orElseThrow();
        assertEquals(ShuffleSizingKind.TOO_LARGE, stage7.kind());
        assertEquals(true, stage7.aqeCoalescing());
        assertEquals(false, stage7.countFromSetting());
    }

    @Test
    void aCountSizedForOneSmallShuffleIsSetForItsQueryOnly() {
        // rapids-tools' pandas run: stage 2 reads 50.8 KiB in 200 partitions while the job's other shuffles hold most of
        // its shuffle bytes; 8 partitions for every shuffle of the job would starve those, so the count goes to that query.
        RunFacts pandas = RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/pandas_execs_eventlog.zstd"));
        Finding f = RuleTesting.firedAtItsStake(RuleTesting.advise(pandas, Map.of()), "shuffle-sizing", pandas); // 2 s of 134 s: low
        assertEquals(false, f.evidence().get("jobWide"));
        Change change = f.recommendation().steps().get(0).changes().get(0);
        assertEquals("code", change.scope());
        assertTrue(change.value().startsWith("spark.conf.set(\"spark.sql.shuffle.partitions\", \"8\")"), change.value());
        // The corpus run's one shuffle is all the job's: the setting goes to the job.
        Finding many = RuleTesting.fired(RuleTesting.advise("shuffle-many-partitions"), "shuffle-sizing");
        assertEquals(true, many.evidence().get("jobWide"));
        assertEquals("spark_conf", many.recommendation().steps().get(0).changes().get(0).scope());
    }
}
