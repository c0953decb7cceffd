package io.sparkadvisor.rules.execution.aqedisabled;

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

/** The follow-up checks of aqe-disabled's step on the real aqe-off run (five reduce stages of 200 tasks). */
class AqeDisabledStepChecksTest {
    @Test
    void theRunMustScheduleFarFewerTasksWithoutGettingSlower() {
        RunFacts aqeOff = Corpus.facts("aqe-off");
        List<MetricCheck> c = checks("aqe-disabled", aqeOff, 1);
        assertEquals(List.of("appDurationMs", "tasks"), metrics(c));
        assertEquals(495, c.get(1).bound(), "half the 990 tasks the five stages would merge away");
        // The same run with each 200-task stage merged into 2 tasks, as AQE's coalescing of ~1 MB stages would.
        RunFacts coalesced = EditedRuns.withStageTasks(aqeOff, 200, 2);
        assertEquals(List.of(P, P), outcomes(c, aqeOff, coalesced));
        assertEquals(List.of(P, F), outcomes(c, aqeOff, aqeOff), "nothing changed: as many tasks");
        assertEquals(List.of(F, P), outcomes(c, aqeOff, EditedRuns.withTimesScaled(coalesced, 1.5)), "fewer tasks, half again as long");
    }
}
