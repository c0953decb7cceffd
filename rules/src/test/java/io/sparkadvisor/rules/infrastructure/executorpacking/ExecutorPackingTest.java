package io.sparkadvisor.rules.infrastructure.executorpacking;

import static io.sparkadvisor.rules.RuleTesting.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seeds' packing arithmetic, on a real run joined with cluster shapes built from it. */
class ExecutorPackingTest {
    private static final String RULE = "executor-packing";

    @Test
    void gcpNodeWith1Core5GbExecutorsLeavesOneCoreWithoutAnExecutor() {
        Finding f = fired(advise(withCluster("healthy", "gcp-1core-5g-executors.json"), Map.of()), RULE);
        assertEquals(15.3, number(f, "availableMemoryGb"), 0.05); // 26 GB x 0.65 - 1.6
        assertEquals(3, number(f, "executorsPerNode"));
        assertEquals(1, number(f, "strandedCores"));
        assertEquals("memory", f.evidence().get("limitedBy"));
        assertEquals(Severity.MEDIUM, f.severity());
        // Two 2-core executors use all four cores within the 15.3 GB.
        assertEquals(2, number(f, "proposedExecutorsPerNode"));
        assertEquals(2, number(f, "proposedExecutorCores"));
        assertEquals(7, number(f, "proposedExecutorMemoryGb"));
        assertEquals(new Change("spark_conf", "spark.executor.cores", "2"), f.recommendation().steps().get(0).changes().get(0));
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
        double hours = 7 * 25 * io.sparkadvisor.knowledge.Corpus.facts("healthy").application().durationMs() / 3_600_000.0;
        assertEquals(hours, number(f, "strandedCoreHours"), 0.001);
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
