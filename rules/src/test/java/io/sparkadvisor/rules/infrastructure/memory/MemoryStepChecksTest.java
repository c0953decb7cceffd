package io.sparkadvisor.rules.infrastructure.memory;

import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.MetricCheck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The follow-up checks of memory-overprovisioned steps on pairs of corpus runs.
 */
class MemoryStepChecksTest {
    private static final RunFacts OUT_OF_MEMORY = EditedRuns.withFailuresAs(Corpus.facts("task-failures"), "ExceptionFailure", true);

    @Test
    void theHeapMustFallToTheProposalWithoutOutOfMemoryGcSpillOrSlowdown() {
        RunFacts base = Corpus.facts("memory-overprovisioned");
        List<MetricCheck> c = checks("memory-overprovisioned", base, 1);
        assertEquals(List.of("heapBytes", "outOfMemoryFailures", "gcShare", "spillBytes", "appDurationMs"), metrics(c));
        String proposed = RuleTesting.finding(RuleTesting.advise(base, Map.of()), "memory-overprovisioned").orElseThrow()
                .recommendation().steps().get(0).changes().get(0).value();
        // The same job run with the proposed heap: the only edit is the setting the log records.
        RunFacts proposedHeap = EditedRuns.withSettings(base, Map.of("spark.driver.memory", proposed));
        assertEquals(List.of(P, P, P, P, P), outcomes(c, base, proposedHeap));
        assertEquals(List.of(F, P, P, P, P), outcomes(c, base, "memory-overprovisioned"), "nothing changed: the heap is as large");
        assertEquals(List.of(F, P, P, P, P), outcomes(c, base, "healthy"), "a 2 GiB heap is above the " + proposed + " proposed");
        assertEquals(List.of(F, F, P, P, P), outcomes(c, base, OUT_OF_MEMORY), "its 2 GiB heap too");
        assertEquals(List.of(P, P, F, P, F), outcomes(c, base, "gc-pressure"));
        assertEquals(List.of(P, P, P, F, F), outcomes(c, base, "spill"), "it spills, and takes 2.3x the time per record read");
    }
}
