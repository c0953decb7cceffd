package io.sparkadvisor.rules.execution.gcpressure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RuleFiring;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.execution.TaskMemory;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.RealLogs;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.EvidenceJson;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.execution.skew.SkewRule;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GcPressureRuleTest {
    @Test
    void gcThatCostsAFractionOfASecondIsNotHighWhateverItsShareOfTaskTime() {
        // Issue 28, cause 3: on rapids-tools' nds_q66 GPU run the GC ladder says high, but removing every GC pause saves
        // 97 ms of a 110 s run: a cost finding that small is low. High on main.
        Advice advice = RuleTesting.advise(RealLogs.facts("NVIDIA__spark-rapids-tools/spark-events-profiling/nds_q66_gpu.zstd"),
                Map.of());
        Finding f = RuleTesting.finding(advice, "gc-pressure").orElseThrow();
        assertTrue(f.savings().runtimeMs() < 1_000, f.savings().toString());
        assertEquals(Severity.LOW, f.severity());
        assertEquals("", f.risk(), "a cost finding: no reliability risk ranks it above its saving");
    }

    @Test
    void firesOnTheGcScenarioWithTheStagesShare() {
        Finding f = Findings.of("gc-pressure", "gc-pressure").orElseThrow();
        StageFacts stage = Findings.stageOf(f, "gc-pressure");
        double share = (double) stage.sum(TaskMetric.JVM_GC_TIME) / stage.sum(TaskMetric.EXECUTOR_RUN_TIME);

        assertEquals(Severity.HIGH, f.severity());
        assertEquals(stage.sum(TaskMetric.JVM_GC_TIME), f.evidence().get("gcTimeMs"));
        assertEquals(share, (double) f.evidence().get("gcShare"), 0.001);
        assertTrue(share > 0.2, "past Dr. Elephant's top rung");
        Findings.expectedStage("gc-pressure", stage.stageId())
                .ifPresent(x -> assertEquals(x.path("gcOverRun").asDouble(), share, 0.001));
        // local[2] with a 512m driver heap, full at its peak: two tasks share it, 256 MiB each; step 1 runs one task per
        // executor, step 2 doubles the driver's heap, which local mode fixes at launch: for people, not Approve.
        assertEquals(512L << 20, f.evidence().get("heapBytes"));
        assertEquals(true, f.evidence().get("heapNearLimit"));
        assertEquals(2, f.evidence().get("tasksPerExecutor"));
        assertEquals(256L << 20, f.evidence().get("heapPerTaskBytes"));
        assertEquals(Change.sparkConf("spark.executor.cores", 1), f.recommendation().steps().get(0).changes().get(0));
        Change heap = f.recommendation().steps().get(1).changes().get(0);
        assertEquals("spark.driver.memory=1024m", heap.key() + "=" + heap.value());
        assertFalse(heap.applicable(), "local mode: the heap is the driver JVM's, set when it starts");
    }

    /**
     * The same run on i3.xlarge workers: the executor gets the node's 24.9 GiB and the run peaked at 0.5 GiB. More memory
     * would sit idle, so neither a larger node (x1e.xlarge, unpriced, was one click) nor spark.task.cpus: the GC is
     * churn, and the step is in the code. memory-overprovisioned reads the same view and gives way to this finding.
     */
    @Test
    void onI3WorkersTheHeapWasIdleSoNoMemoryIsRaised() {
        Advice advice = RuleTesting.advise(RuleTesting.withCluster("gc-pressure", "aws-i3-dedicated.json"), Map.of());
        Finding f = RuleTesting.fired(advice, GcPressureRule.ID);
        assertEquals(false, f.evidence().get("heapNearLimit"));
        List<Change> changes = f.recommendation().steps().stream().flatMap(s -> s.changes().stream()).toList();
        assertEquals(List.of("code"), changes.stream().map(Change::scope).toList(), changes.toString());
        assertTrue(f.recommendation().summary().contains("memory was not short"), f.recommendation().summary());
    }

    /**
     * RAPIDS' NDS q66 on YARN: 16 GiB executors whose heap peaked at 1.9 GiB. GC shows, but the heap was idle: no
     * 32 GiB heap (an applyable step before), nor any other heap or node change; memory-overprovisioned agrees.
     */
    @Test
    void onNdsQ66TheIdleHeapIsNotDoubled() {
        Advice advice = RuleTesting.advise(RuleTesting.realLog("NVIDIA__spark-rapids-tools/spark-events-profiling/nds_q66_gpu.zstd"),
                Map.of());
        Finding f = RuleTesting.finding(advice, GcPressureRule.ID).orElseThrow();
        assertEquals(false, f.evidence().get("heapNearLimit"));
        assertEquals(16L << 30, f.evidence().get("heapBytes"));
        assertTrue(advice.findings().stream().flatMap(x -> x.recommendation().steps().stream()).flatMap(s -> s.changes().stream())
                .noneMatch(c -> c.key().equals("spark.executor.memory") || c.key().equals("node_type_id")), advice.findings().toString());
    }

    @Test
    void silentOnHealthyAndSpill() {
        assertTrue(Findings.of("gc-pressure", "healthy").isEmpty());
        assertTrue(Findings.of("gc-pressure", "spill").isEmpty());
    }

    @Test
    void aHigherFloorSilencesIt() {
        assertTrue(Findings.of("gc-pressure", "gc-pressure", Map.of("gc-pressure.minGcMs", "86400000")).isEmpty());
    }

    @Test
    void severityFollowsDrElephantsGcLadder() {
        TaskMemory memory = new TaskMemory(8L << 30, 4);
        assertTrue(RuleFiring.fire(Map.of(), GcPressureEvidence.of(0, 60_000, 7_000, 100_000, memory, 0, true, 4, 120_000))
                .isEmpty(), "7% is under the low rung");
        assertEquals(Severity.LOW, RuleFiring.fire(Map.of(),
                GcPressureEvidence.of(0, 60_000, 9_000, 100_000, memory, 0, true, 4, 120_000)).get(0).severity());
        assertEquals(Severity.MEDIUM, RuleFiring.fire(Map.of(),
                GcPressureEvidence.of(0, 60_000, 12_000, 100_000, memory, 0, true, 4, 120_000)).get(0).severity());
        assertTrue(RuleFiring.fire(Map.of(), GcPressureEvidence.of(0, 4_000, 12_000, 100_000, memory, 0, true, 4, 120_000))
                .isEmpty(), "a 4 s stage is under the general floor");
    }

    @Test
    void halvingTasksDoublesEachTasksHeap() {
        TaskMemory eight = new TaskMemory(16L << 30, 8);
        assertEquals(2L << 30, eight.perTaskBytes());
        assertEquals(4, eight.halvedTasksPerExecutor());
        assertEquals("32768m", eight.doubledHeapSetting());
        assertEquals(1, new TaskMemory(1L << 30, 1).halvedTasksPerExecutor());
    }

    @Test
    void givesWayToTheStragglersFindingOnTheSkewedStage() {
        // Floors lowered so GC pressure fires on the skewed stage 2 only (stage 0 collects 344 ms, stage 3 runs 551 ms).
        Map<String, String> overrides = Map.of("gc-pressure.minGcMs", "500", "gc-pressure.lowRatio", "0.01");
        Advice advice = RuleTesting.advise(Corpus.facts("skew"), overrides);
        assertTrue(RuleTesting.finding(advice, GcPressureRule.ID).isEmpty(), "one remedy per stage: the straggler's");
        Finding straggler = RuleTesting.fired(advice, SkewRule.ID);
        assertEquals(List.of(2), straggler.stageIds());

        GcPressureEvidence stage2 = GcPressureEvidence.of(new RunView(Corpus.facts("skew")), Thresholds.defaults()).stream()
                .filter(e -> e.stageId() == 2).findFirst().orElseThrow();
        assertEquals(List.of(Map.of("rule", GcPressureRule.ID, "severity", Severity.LOW.id(),
                "evidence", EvidenceJson.of(stage2))), ((List<?>) straggler.evidence().get("supersedes")).stream()
                .filter(c -> GcPressureRule.ID.equals(((Map<?, ?>) c).get("rule"))).toList());
        // Without the straggler's finding (its ratio out of reach) the GC finding stands on its own.
        Advice alone = RuleTesting.advise(Corpus.facts("skew"), Map.of("gc-pressure.minGcMs", "500",
                "gc-pressure.lowRatio", "0.01", "skew.minRatio", "1000"));
        assertEquals(List.of(2), RuleTesting.finding(alone, GcPressureRule.ID).orElseThrow().stageIds());
    }
}
