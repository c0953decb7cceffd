package io.sparkadvisor.rules.infrastructure.executorpacking;

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
import org.junit.jupiter.api.Test;

/**
 * The follow-up checks of executor-packing steps on pairs of corpus runs.
 */
class ExecutorPackingStepChecksTest {
    private static final RunFacts OUT_OF_MEMORY = EditedRuns.withFailuresAs(Corpus.facts("task-failures"), "ExceptionFailure", true);

    @Test
    void reshapedExecutorsMustHoldEveryCoreOfTheNode() {
        RunFacts base = RuleTesting.withCluster("healthy", "gcp-1core-5g-executors.json");
        List<MetricCheck> c = checks("executor-packing", base, 1);
        assertEquals(List.of("coresPerHost", "outOfMemoryFailures", "gcShare", "appDurationMs"), metrics(c));
        assertEquals(4, c.get(0).bound()); // the n1-highmem-4's cores
        assertEquals(List.of(P, P, P, P), outcomes(c, base, "io-bound")); // local[4]: 4 cores in one executor, faster
        assertEquals(List.of(F, P, P, P), outcomes(c, base, "healthy"));
        assertEquals(List.of(F, F, P, F), outcomes(c, base, OUT_OF_MEMORY));
        assertEquals(List.of(F, P, F, F), outcomes(c, base, "gc-pressure"));
    }
}
