package io.sparkadvisor.rules.execution.shufflesizing;

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

/** The follow-up checks of shuffle-sizing's step on the real shuffle-many-partitions run (one reduce stage of 1,000 tasks). */
class ShuffleSizingStepChecksTest {
    private static final RunFacts MANY = Corpus.facts("shuffle-many-partitions");

    @Test
    void theStageMustRunTheProposedPartitionsWithoutSlowingOrSpillingToDisk() {
        List<MetricCheck> c = checks("shuffle-sizing", MANY, 1);
        assertEquals(List.of("stage[2].tasks", "stage[2].wallMs", "stage[2].diskSpillBytes"), metrics(c));
        // The same run with the stage's 1,000 partitions as the proposed count.
        RunFacts resized = EditedRuns.withStageTasks(MANY, 1000, (int) c.get(0).bound());
        assertEquals(List.of(P, P, P), outcomes(c, MANY, resized));
        assertEquals(List.of(F, P, P), outcomes(c, MANY, MANY), "nothing changed: 1,000 tasks");
        assertEquals(List.of(P, F, P), outcomes(c, MANY, EditedRuns.withTimesScaled(resized, 1.5)));
    }
}
