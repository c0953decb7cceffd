package io.sparkadvisor.rules.platform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Change;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * In local mode the one executor lives in the driver's JVM, whose heap is fixed when it starts: a heap setting in the
 * application's conf does nothing, so no step offers spark.executor.memory or spark.driver.memory to Approve.
 */
class LocalModeHeapTest {
    @ParameterizedTest
    @ValueSource(strings = {"spark-events-qualification/dsAndDf_eventlog.zstd", "spark-events-profiling/eventlog_dsv1.zstd",
            "spark-events-qualification/rdd_only_eventlog"})
    void realLocalRunsGetNoApplyableHeapStep(String log) {
        Advice advice = RuleTesting.advise(RuleTesting.realLog("NVIDIA__spark-rapids-tools/" + log), Map.of());
        assertTrue(heapChanges(advice).stream().noneMatch(Change::applicable), heapChanges(advice).toString());
    }

    /** The corpus' local runs that propose a heap at all (gc-pressure raises it, memory-overprovisioned lowers it). */
    @Test
    void corpusLocalRunsNameTheLaunchOptionInstead() {
        for (String scenario : List.of("gc-pressure", "memory-overprovisioned")) {
            List<Change> heap = heapChanges(RuleTesting.advise(scenario));
            assertFalse(heap.isEmpty(), scenario);
            assertTrue(heap.stream().allMatch(c -> !c.applicable() && c.manualBecause().contains("--driver-memory")), heap.toString());
        }
    }

    private static List<Change> heapChanges(Advice advice) {
        return advice.findings().stream().flatMap(f -> f.recommendation().steps().stream()).flatMap(s -> s.changes().stream())
                .filter(c -> c.key().equals("spark.executor.memory") || c.key().equals("spark.driver.memory")).toList();
    }
}
