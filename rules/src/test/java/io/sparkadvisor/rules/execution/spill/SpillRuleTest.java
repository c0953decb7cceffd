package io.sparkadvisor.rules.execution.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RecurringStage;
import io.sparkadvisor.knowledge.facts.SeriesSummary;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.platform.Compute;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RuleFiring;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.execution.skew.SkewEvidence;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SpillRuleTest {
    @Test
    void firesOnTheSpillScenarioWithTheStagesNumbers() {
        Finding f = Findings.of("spill", "spill").orElseThrow();
        StageFacts stage = Findings.stageOf(f, "spill");
        long spilled = stage.sum(TaskMetric.MEMORY_BYTES_SPILLED);
        long data = Math.max(Math.max(stage.sum(TaskMetric.INPUT_BYTES), stage.sum(TaskMetric.SHUFFLE_READ_BYTES)),
                Math.max(stage.sum(TaskMetric.SHUFFLE_WRITE_BYTES), stage.sum(TaskMetric.OUTPUT_BYTES)));

        assertEquals(spilled, f.evidence().get("memorySpilledBytes"));
        assertEquals(stage.sum(TaskMetric.DISK_BYTES_SPILLED), f.evidence().get("diskSpilledBytes"));
        assertEquals(data, f.evidence().get("stageDataBytes"));
        assertEquals((double) spilled / data, (double) f.evidence().get("spillRatio"), 0.001);
        assertTrue((double) f.evidence().get("spillRatio") > 1, "the scenario spills more than it shuffles");
        Findings.expectedStage("spill", stage.stageId()).ifPresent(x -> {
            assertEquals(x.path("memoryBytesSpilled").asLong(), f.evidence().get("memorySpilledBytes"));
            assertEquals(x.path("diskBytesSpilled").asLong(), f.evidence().get("diskSpilledBytes"));
        });
        int partitions = (int) f.evidence().get("recommendedPartitions");
        assertTrue(partitions > stage.successfulTasks() * 2, "working set is several times the granted memory");
        Change first = f.recommendation().steps().get(0).changes().get(0);
        assertTrue(first.value().contains(Integer.toString(partitions)), first.toString());
    }

    /**
     * RAPIDS' gpu_oom run spilled 28.5 GiB through the plugin's host spill store: its tasks never held Spark execution
     * memory (peak 0 B), so it is not Spark's spill, and nothing proposes 1 MiB splits or 100,000 partitions for it.
     */
    @Test
    void rapidsHostSpillIsNotSparkSpill() {
        Advice advice = RuleTesting.advise(
                RuleTesting.realLog("NVIDIA__spark-rapids-tools/spark-events-profiling/gpu_oom_eventlog.zstd"), Map.of());
        RuleTesting.silent(advice, SpillRule.ID);
        List<Change> changes = advice.findings().stream().flatMap(f -> f.recommendation().steps().stream())
                .flatMap(s -> s.changes().stream()).toList();
        assertTrue(changes.stream().noneMatch(c -> c.value().equals("1048576") || c.value().contains("100000")), changes.toString());
    }

    /** A 28.5 GiB stage whose tasks need 1000x the memory they got: no more partitions than 8 MiB each, nor than 10,000. */
    @Test
    void partitionsAreBoundedByTheStagesBytesAndTheCap() {
        long mib = 1L << 20;
        long data = 29184 * mib;
        SpillEvidence huge = SpillEvidence.of(3, 96, 600_000, 96 * 1000 * mib, 96 * 800 * mib, data, 1100 * mib, mib,
                96 * mib, 0, data, 0.6, 96, 900_000, Thresholds.defaults());
        assertEquals(3648, huge.recommendedPartitions(), "28.5 GiB / 8 MiB, under the 10,000 cap");
        SpillEvidence capped = SpillEvidence.of(3, 96, 600_000, 96 * 1000 * mib, 96 * 800 * mib, 1000 * data, 1100 * mib, mib,
                96 * mib, 0, data, 0.6, 96, 900_000, Thresholds.defaults());
        assertEquals(10_000, capped.recommendedPartitions());
        Remedy r = SpillAdvice.remedy(huge, Diagnosis.of(huge, Severity.HIGH), Thresholds.defaults());
        Change split = r.recommendation().steps().get(0).changes().get(0);
        assertEquals("spark.sql.files.maxPartitionBytes=8388608", split.key() + "=" + split.value(), "never below 8 MiB");
    }

    /** A 64 MiB stage already in 8 tasks cannot be split under 8 MiB: no partition step, and no memory raise while the heap was idle. */
    @Test
    void aStageTooSmallToSplitGetsTheShareOfTheHeapForPeople() {
        long mib = 1L << 20;
        SpillEvidence small = SpillEvidence.of(2, 8, 60_000, 8 * 60 * mib, 8 * 40 * mib, 64 * mib, 60 * mib, 20 * mib,
                8 * 20 * mib, 64 * mib, 0, 0.2, 2, 120_000, Thresholds.defaults());
        assertFalse(small.splits());
        Remedy r = SpillAdvice.remedy(small, Diagnosis.of(small, Severity.HIGH), Thresholds.defaults());
        List<Change> changes = r.recommendation().steps().stream().flatMap(s -> s.changes().stream()).toList();
        assertEquals(List.of("manual"), changes.stream().map(Change::scope).toList(), changes.toString());
        assertTrue(changes.get(0).value().contains("spark.memory.fraction from 0.2"), changes.get(0).value());
    }

    /** The job set its split size itself (a GPU job's 10 GiB): the step names it and leaves lowering it to people. */
    @Test
    void aPartitionSizeTheJobSetItselfIsNamedNotOverridden() {
        long mib = 1L << 20;
        SpillEvidence e = SpillEvidence.of(2, 8, 60_000, 8 * 60 * mib, 8 * 40 * mib, 1024 * mib, 60 * mib, 20 * mib,
                8 * 20 * mib, 0, 1024 * mib, 0.6, 2, 120_000, Thresholds.defaults())
                .on(Compute.selfManaged(1), false, Map.of("spark.sql.files.maxPartitionBytes", "10g"), Optional.empty());
        Change split = SpillAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults()).recommendation().steps()
                .get(0).changes().get(0);
        assertEquals("spark.sql.files.maxPartitionBytes", split.key());
        assertFalse(split.applicable());
        assertTrue(split.manualBecause().contains("spark.sql.files.maxPartitionBytes=10g itself"), split.manualBecause());
    }

    @Test
    void theSpillScenariosTwoSecondsAreLowThoughItsLadderSaysHigh() {
        // Issue 28, cause 3: the spill ladder proposes high (spill above twice the stage's data), but what the remedy
        // saves is 2.4 s of a 54 s run, under general.minSavedShare: the finding is low. High on main.
        Finding f = Findings.of("spill", "spill").orElseThrow();
        SpillEvidence e = SpillEvidence.of(new RunView(Corpus.facts("spill")), Thresholds.defaults()).stream()
                .filter(x -> f.evidence().get("memorySpilledBytes").equals(x.memorySpilledBytes())).findFirst().orElseThrow();
        Diagnosis proposed = RuleFiring.diagnose(Thresholds.defaults(), e).get(0);
        assertEquals(Severity.HIGH, proposed.severity(), "the rule's own ladder");
        long run = Corpus.facts("spill").application().durationMs();
        assertTrue(f.savings().runtimeMs() < 0.05 * run, f.savings() + " of " + run + " ms");
        assertEquals(Severity.LOW, f.severity());
        assertEquals(Severity.MEDIUM, Findings.of("spill", "spill", Map.of("general.minSavedShare", "0.04")).orElseThrow().severity(),
                "at a 4% share it counts: the cap is the stake, not the rule");
    }

    @Test
    void silentOnHealthyGcPressureAndSkew() {
        assertTrue(Findings.of("spill", "healthy").isEmpty());
        assertTrue(Findings.of("spill", "gc-pressure").isEmpty());
        assertTrue(Findings.of("spill", "skew").isEmpty());
    }

    @Test
    void leavesSpillHeldByOneSkewedTaskToTheSkewRule() {
        // One of 8 tasks spills everything: the hot key's partition, which more partitions would not split.
        long mib = 1L << 20;
        SpillEvidence skewed = SpillEvidence.of(2, 8, 60_000, 400 * mib, 300 * mib, 200 * mib, 400 * mib, 100 * mib,
                8 * 20 * mib, 200 * mib, 0, 0.6, 2, 120_000, Thresholds.defaults());
        assertEquals(1.0, skewed.topTaskShareOfSpill(), 1e-9);
        assertTrue(RuleFiring.fire(Map.of(), skewed).isEmpty());
        assertEquals(1, RuleFiring.fire(Map.of("spill.maxTopTaskShare", "1"), skewed).size());
    }

    @Test
    void aHigherFloorSilencesIt() {
        assertTrue(Findings.of("spill", "spill", Map.of("spill.minBytes", "1e13")).isEmpty());
    }

    @Test
    void partitionsShrinkTheWorkingSetToTheGrantedMemoryInWholeWaves() {
        // 8 tasks each held 20 MiB at peak and spilled 60 MiB: 80 MiB wanted, 20 MiB granted -> 4x -> 32 tasks.
        long mib = 1L << 20;
        SpillEvidence e = SpillEvidence.of(2, 8, 60_000, 8 * 60 * mib, 8 * 40 * mib, 400 * mib, 60 * mib, 20 * mib,
                8 * 20 * mib, 400 * mib, 0, 0.6, 2, 120_000, Thresholds.defaults());
        assertEquals(80 * mib, e.memoryNeededPerTaskBytes());
        assertEquals(32, e.recommendedPartitions());
        assertEquals(1.2, e.spillRatio(), 1e-9);
        assertEquals(0.125, e.topTaskShareOfSpill(), 1e-9);
        assertTrue(e.readsShuffle());
        // With 3 slots the count rounds up to whole waves: 32 -> 33.
        SpillEvidence threeSlots = SpillEvidence.of(2, 8, 60_000, 8 * 60 * mib, 0, 400 * mib, 60 * mib, 20 * mib,
                8 * 20 * mib, 400 * mib, 0, 0.6, 3, 120_000, Thresholds.defaults());
        assertEquals(33, threeSlots.recommendedPartitions());
    }

    @Test
    void spreadSpillOnAStragglersStageGivesWayToItsFinding() {
        long mib = 1L << 20;
        // Stage 2 spills evenly (one task holds 1/8) and also waits on a straggler 10x its median.
        SpillEvidence spread = SpillEvidence.of(2, 8, 60_000, 8 * 60 * mib, 8 * 40 * mib, 400 * mib, 60 * mib, 20 * mib,
                8 * 20 * mib, 400 * mib, 0, 0.6, 2, 120_000, Thresholds.defaults());
        SpillEvidence elsewhere = SpillEvidence.of(5, 8, 60_000, 8 * 60 * mib, 8 * 40 * mib, 400 * mib, 60 * mib, 20 * mib,
                8 * 20 * mib, 400 * mib, 0, 0.6, 2, 120_000, Thresholds.defaults());
        SkewEvidence straggler = new SkewEvidence(50_000, 5_000, 10, 0.75, 60_000, 400 * mib, 40 * mib, 4_000_000,
                400_000, 10, List.of("k"), "SortMergeJoin", "Inner", "left", List.of(), "", "", "", "", 2, 8, 6_000, true, List.of("k"),
                List.of("k"), 2, 120_000, Map.of(), true, true, 1, 10, 10, -1, 1, 1.0);

        List<Diagnosis> standing = RuleFiring.diagnose(Thresholds.defaults(), spread, elsewhere, straggler);
        assertEquals(2, standing.size(), standing.toString());
        assertTrue(standing.stream().anyMatch(d -> d.evidence() == straggler));
        assertTrue(standing.stream().anyMatch(d -> d.evidence() == elsewhere), "spill on another stage stands");
        assertTrue(standing.stream().noneMatch(d -> d.evidence() == spread));
        assertEquals(1, RuleFiring.diagnose(Thresholds.defaults(), spread).size(), "alone, the spill stands");
    }

    /**
     * A streaming query's stage (its latest batch's instance spilling like a batch stage that fires) is judged across its
     * micro-batches: spilling in 1 of 50 batches raises nothing, in 41 of 50 it is the batch stage's finding, and says so.
     */
    @Test
    void aStreamingStageMustSpillInMostOfItsBatches() {
        long mib = 1L << 20;
        SpillEvidence latest = SpillEvidence.of(5, 8, 60_000, 8 * 60 * mib, 8 * 40 * mib, 400 * mib, 60 * mib, 20 * mib,
                8 * 20 * mib, 400 * mib, 0, 0.6, 2, 120_000, Thresholds.defaults());
        SpillEvidence once = latest.on(Compute.selfManaged(1), false, Map.of(), Optional.of(spilledIn(1, 50)));
        SpillEvidence mostly = latest.on(Compute.selfManaged(1), false, Map.of(), Optional.of(spilledIn(41, 50)));

        assertEquals(1, RuleFiring.diagnose(Thresholds.defaults(), latest).size(), "a batch run's stage");
        assertTrue(RuleFiring.diagnose(Thresholds.defaults(), once).isEmpty(), "one batch of fifty");
        assertEquals(1, RuleFiring.diagnose(Thresholds.defaults(), mostly).size(), "most batches");
        assertEquals(41L, mostly.batchesWithSpill());
        assertEquals(0.82, mostly.spillBatchShare(), 1e-9);
    }

    private static RecurringStage spilledIn(long spilling, long batches) {
        return new RecurringStage("q", "start at Job.java:1", 0, batches, 5, SeriesSummary.NONE, SeriesSummary.NONE,
                SeriesSummary.NONE, -1, 0, spilling, Map.of(TaskMetric.MEMORY_BYTES_SPILLED, spilling << 20),
                SeriesSummary.NONE, SeriesSummary.NONE, SeriesSummary.NONE, SeriesSummary.NONE, SeriesSummary.NONE);
    }
}
