package io.sparkadvisor.rules.infrastructure.executorpacking;

import io.sparkadvisor.rules.infrastructure.MachineShares;
import static io.sparkadvisor.rules.RuleTesting.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seeds' packing arithmetic, on a real run joined with cluster shapes built from it. */
class ExecutorPackingTest {
    private static final String RULE = "executor-packing";

    @Test
    void gcpNodeWith1Core5GbExecutorsLeavesOneCoreWithoutAnExecutor() {
        Finding f = finding(advise(withCluster("healthy", "gcp-1core-5g-executors.json"), Map.of()), RULE).orElseThrow();
        assertEquals(15.3, number(f, "availableMemoryGb"), 0.05); // 26 GB x 0.65 - 1.6
        assertEquals(3, number(f, "executorsPerNode"));
        assertEquals(1, number(f, "strandedCores"));
        assertEquals("memory", f.evidence().get("limitedBy"));
        // 4 workers x 3 slots fit on 3 re-shaped workers: one node of a 34 s run, 0.04 core-hours, is not worth a change.
        assertEquals(3, number(f, "proposedWorkers"));
        assertEquals(f.savings().coreHours(), number(f, "billedCoreHours"), 0.001);
        assertTrue(f.savings().coreHours() < 0.25, f.savings().toString());
        assertEquals(Severity.LOW, f.severity());
        // Two 2-core executors use all four cores within the 15.3 GB.
        assertEquals(2, number(f, "proposedExecutorsPerNode"));
        assertEquals(2, number(f, "proposedExecutorCores"));
        assertEquals(7, number(f, "proposedExecutorMemoryGb"));
        assertEquals(new Change("spark_conf", "spark.executor.cores", "2"), f.recommendation().steps().get(0).changes().get(0));
        assertEquals(new Change("cluster", "num_workers", "3"), f.recommendation().steps().get(0).changes().get(2));
    }

    @Test
    void i3NodeFitsFour6GbExecutors() {
        Advice advice = advise(withCluster("healthy", "aws-i3-1core-6g-executors.json"), Map.of());
        silent(advice, RULE);
    }

    @Test
    void memoryHeavySingleCoreExecutorsStrandSevenOfEightCores() {
        Finding f = fired(advise(withCluster("healthy", "aws-r5-1core-40g-executors.json"), Map.of()), RULE);
        assertEquals(53.4, number(f, "availableMemoryGb"), 0.05); // 64 GB x 0.85 - 1
        assertEquals(1, number(f, "executorsPerNode"));
        assertEquals(7, number(f, "strandedCores"));
        assertEquals(Severity.HIGH, f.severity());
        assertEquals(8, number(f, "proposedExecutorCores"));
        assertEquals(53, number(f, "proposedExecutorMemoryGb"));
        // 7 cores x 25 workers over the run's duration.
        double runHours = io.sparkadvisor.knowledge.Corpus.facts("healthy").application().durationMs() / 3_600_000.0;
        assertEquals(7 * 25 * runHours, number(f, "strandedCoreHours"), 0.001);
        // The bill sees it only with fewer workers: 25 one-core slots fit on 4 eight-core workers, 21 let go.
        assertEquals(4, number(f, "proposedWorkers"));
        assertEquals(21 * 8 * runHours, f.savings().coreHours(), 0.001);
        assertEquals(new Change("cluster", "num_workers", "4"), f.recommendation().steps().get(0).changes().get(2));
        assertTrue(f.recommendation().summary().contains("cuts the workers to 4"), f.recommendation().summary());
    }

    @Test
    void onOneWorkerTheReshapeSavesNothingTheBillSees() {
        // The review of 2026-12: "saves 1.67 core-hours" with no cut in num_workers is not a saving. One worker cannot
        // be cut: more slots on the same node cost the same, so no saving is claimed and the finding is low.
        ExecutorPackingEvidence e = ExecutorPackingEvidence.of("r5.2xlarge", 8, 64, 53.4, 1, 40, 1, 1, 3_600_000, false,
                MachineShares.NONE);
        assertEquals(7.0, e.strandedCoreHours(), 1e-9);
        assertEquals(1, e.proposedWorkers());
        assertEquals(0, e.billedCoreHours(), 1e-9);
        var remedy = ExecutorPackingAdvice.remedy(e, Diagnosis.of(e, Severity.HIGH), Thresholds.defaults());
        assertEquals(Savings.NONE, remedy.savings());
        assertEquals(2, remedy.recommendation().steps().get(0).changes().size(), "no num_workers change");
        assertTrue(remedy.recommendation().summary().contains("no saving is claimed"), remedy.recommendation().summary());
    }

    @Test
    void silentWithoutAClusterAndWhenTheFloorIsRaised() {
        silent(advise("healthy"), RULE);
        silent(advise(withCluster("healthy", "gcp-1core-5g-executors.json"), Map.of("executor-packing.minStrandedShare", "0.3")), RULE);
        // the old key still works, as a deprecated alias
        silent(advise(withCluster("healthy", "gcp-1core-5g-executors.json"), Map.of("executorPacking.minStrandedShare", "0.3")), RULE);
    }

    @Test
    void largestDivisorKeepsEveryCoreBusy() {
        assertEquals(2, ExecutorPackingEvidence.largestDivisorAtMost(4, 3));
        assertEquals(1, ExecutorPackingEvidence.largestDivisorAtMost(7, 6));
        assertEquals(4, ExecutorPackingEvidence.largestDivisorAtMost(8, 4));
    }
}
