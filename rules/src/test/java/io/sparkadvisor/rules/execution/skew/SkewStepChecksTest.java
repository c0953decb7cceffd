package io.sparkadvisor.rules.execution.skew;

import static io.sparkadvisor.rules.advisor.Verdicts.F;
import static io.sparkadvisor.rules.advisor.Verdicts.P;
import static io.sparkadvisor.rules.advisor.Verdicts.checks;
import static io.sparkadvisor.rules.advisor.Verdicts.metrics;
import static io.sparkadvisor.rules.advisor.Verdicts.outcomes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.MetricCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The follow-up checks of skew's first step on real runs: the skewed join, its Spark 4 run, and a run without skew. */
class SkewStepChecksTest {
    @Test
    void theHotTaskMustShrinkToNearTheMedianWithoutSlowingTheRun() {
        RunFacts skew = Corpus.facts("skew");
        List<MetricCheck> c = checks("skew", skew, 1);
        assertEquals(skew.application().durationMs(), c.get(1).baseline(), 1e-9, "measured on the advised run");
        assertEquals(List.of("stage[2].maxToMedian", "appDurationMs"), metrics(c));
        // healthy reads 3.3x the records in half the time: no hot task, and far faster per record.
        assertEquals(List.of(P, P), outcomes(c, skew, "healthy"));
        assertEquals(List.of(F, P), outcomes(c, skew, "skew"), "nothing changed: the hot task is still there");
        // The same job on Spark 4 (the same 10M rows): still skewed, and twice as long.
        assertEquals(List.of(F, F), outcomes(c, skew, "skew-spark4"));
    }
}
