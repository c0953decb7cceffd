package io.sparkadvisor.rules.infrastructure.memory;

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
import org.junit.jupiter.api.Test;

/**
 * The follow-up checks of memory-overprovisioned steps on pairs of corpus runs.
 */
class MemoryStepChecksTest {
    private static final RunFacts OUT_OF_MEMORY = EditedRuns.withFailuresAs(Corpus.facts("task-failures"), "ExceptionFailure", true);

    @Test
    void smallerHeapMustBeBetterUsedWithoutOutOfMemoryGcSpillOrSlowdown() {
        RunFacts base = Corpus.facts("memory-overprovisioned");
        List<MetricCheck> c = checks("memory-overprovisioned", base, 1);
        assertEquals(List.of("peakHeapShare", "outOfMemoryFailures", "gcShare", "spillBytes", "appDurationMs"), metrics(c));
        assertEquals(List.of(P, P, P, P, P), outcomes(c, base, "healthy")); // 1 GiB heap, 22% used, was 6 GiB at 12%
        assertEquals(List.of(F, P, P, P, P), outcomes(c, base, "memory-overprovisioned"));
        assertEquals(List.of(F, F, P, P, P), outcomes(c, base, OUT_OF_MEMORY));
        assertEquals(List.of(P, P, F, P, F), outcomes(c, base, "gc-pressure"));
        assertEquals(List.of(P, P, P, F, P), outcomes(c, base, "spill"));
    }
}
