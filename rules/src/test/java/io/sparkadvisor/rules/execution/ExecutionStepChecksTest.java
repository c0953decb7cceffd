package io.sparkadvisor.rules.execution;

import io.sparkadvisor.rules.advisor.Metric;
import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.MetricCheck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The follow-up checks of the spill, gc-pressure and task-failures steps on pairs of corpus runs: each
 * passes where the next run is better and each can fail. The corpus has no out-of-memory or
 * lost-executor failure, so those steps come from the task-failures run with its failures relabelled.
 */
class ExecutionStepChecksTest {
    private static final RunFacts SPILL = Corpus.facts("spill");
    private static final RunFacts GC = Corpus.facts("gc-pressure");
    private static final RunFacts FAILURES = Corpus.facts("task-failures");
    private static final RunFacts OUT_OF_MEMORY = EditedRuns.withFailuresAs(FAILURES, "ExceptionFailure", true);
    private static final RunFacts EXECUTOR_LOST = EditedRuns.withFailuresAs(FAILURES, "ExecutorLostFailure", false);

    @Test
    void spillPartitionsStepWantsSpillDownTasksLongEnoughAndTheRunNotSlower() {
        List<MetricCheck> c = checks("spill", SPILL, 1);
        assertEquals(List.of("stage[0].spillBytes", "stage[0].medianTaskMs", "appDurationMs"), metrics(c));
        assertEquals(0.1, c.get(0).bound()); // spill.maxRemainingShare
        assertEquals(100, c.get(1).bound()); // followUp.minMedianTaskMs
        assertEquals(List.of(P, P, P), outcomes(c, SPILL, "healthy")); // same 8-task first stage, no spill
        assertEquals(List.of(F, P, P), outcomes(c, SPILL, "spill"));
        assertEquals(List.of(P, F, P), outcomes(c, SPILL, "small-files")); // 4000 tasks of 11 ms
        assertEquals(List.of(P, P, F), outcomes(c, SPILL, "gc-pressure"));
    }

    @Test
    void spillNodeStepWantsNoDiskSpillAndGcUnderTheMediumRung() {
        // The spill run's heap peaked at 53% of its 512 MiB: the node step is offered only with the bar for "near its
        // limit" lowered to half.
        List<MetricCheck> c = checks("spill", SPILL, 2, Map.of("memory.heapNearLimitShare", "0.5"));
        assertEquals(List.of("stage[0].diskSpillBytes", "stage[0].gcShare"), metrics(c));
        assertEquals(List.of(P, P), outcomes(c, SPILL, "healthy"));
        assertEquals(List.of(F, P), outcomes(c, SPILL, "spill"));
        assertEquals(List.of(P, F), outcomes(c, SPILL, "gc-pressure"));
    }

    @Test
    void gcFewerCoresStepWantsGcDownWithoutSlowdownOutOfMemoryOrSpill() {
        List<MetricCheck> c = checks("gc-pressure", GC, 1);
        assertEquals(List.of("stage[0].gcShare", "appDurationMs", "stage[0].outOfMemoryFailures", "stage[0].spillBytes"),
                metrics(c));
        assertEquals(0.1, c.get(0).bound()); // gc-pressure.mediumRatio
        assertEquals(1.05, c.get(1).bound()); // followUp.noiseRatio
        assertEquals(List.of(P, P, P, P), outcomes(c, GC, "healthy"));
        assertEquals(List.of(F, P, P, P), outcomes(c, GC, "gc-pressure"));
        assertEquals(List.of(P, F, P, P), outcomes(c, GC, "cluster-on-write"));
        assertEquals(List.of(P, P, F, P), outcomes(c, GC, OUT_OF_MEMORY));
        assertEquals(List.of(P, P, P, F), outcomes(c, GC, "spill"));
    }

    @Test
    void gcLargerHeapStepWantsGcDownTheHeapNotFullAndEverySlotStarted() {
        List<MetricCheck> c = checks("gc-pressure", GC, 2);
        assertEquals(List.of("stage[0].gcShare", "peakHeapShare", "slots"), metrics(c));
        assertEquals(0.9, c.get(1).bound()); // gc-pressure.maxHeapShareAfter
        assertEquals(List.of(P, P, P), outcomes(c, GC, "healthy"));
        assertEquals(List.of(F, F, P), outcomes(c, GC, "gc-pressure")); // a 512 MiB heap 99% full
        assertEquals(List.of(P, P, F), outcomes(c, GC, "task-cpus")); // local[1]: one slot of two
    }

    @Test
    void exceptionStepWantsTheStageWithoutFailedAttempts() {
        List<MetricCheck> c = checks("task-failures", FAILURES, 1);
        assertEquals(List.of("stage[0].failedTasks"), metrics(c));
        assertEquals(List.of(P), outcomes(c, FAILURES, "healthy"));
        assertEquals(List.of(F), outcomes(c, FAILURES, "task-failures"));
    }

    @Test
    void outOfMemoryStepsWantNoOutOfMemoryWithGcSpillAndRunTimeInBounds() {
        List<MetricCheck> c = checks("task-failures", OUT_OF_MEMORY, 1);
        assertEquals(c, checks("task-failures", OUT_OF_MEMORY, 2));
        assertEquals(List.of("stage[0].outOfMemoryFailures", "stage[0].gcShare", "stage[0].spillBytes", "appDurationMs"),
                metrics(c));
        assertEquals(List.of(P, P, P, P), outcomes(c, OUT_OF_MEMORY, "healthy"));
        assertEquals(List.of(F, P, P, P), outcomes(c, OUT_OF_MEMORY, OUT_OF_MEMORY));
        assertEquals(List.of(P, F, P, F), outcomes(c, OUT_OF_MEMORY, "gc-pressure"));
        assertEquals(List.of(P, P, F, P), outcomes(c, OUT_OF_MEMORY, "spill"));
    }

    @Test
    void lostExecutorStepsWantNoLossAndTheRunNotSlower() {
        List<MetricCheck> c = checks("task-failures", EXECUTOR_LOST, 1);
        assertEquals(List.of("stage[0].executorLostFailures", "appDurationMs"), metrics(c));
        assertEquals(List.of(P, P), outcomes(c, EXECUTOR_LOST, "healthy"));
        assertEquals(List.of(F, P), outcomes(c, EXECUTOR_LOST, EXECUTOR_LOST));
        assertEquals(List.of(P, F), outcomes(c, EXECUTOR_LOST, "cluster-on-write"));
    }
}
