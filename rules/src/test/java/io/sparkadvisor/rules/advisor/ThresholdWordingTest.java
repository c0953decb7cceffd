package io.sparkadvisor.rules.advisor;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.fired;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checks people read quote the thresholds as set, so they say what the follow-up measures. */
class ThresholdWordingTest {

    private static Step firstStep(String scenario, String rule, Map<String, String> overrides) {
        return fired(advise(Corpus.facts(scenario), overrides), rule).recommendation().steps().get(0);
    }

    @Test
    void defaultsReadAsTheSeedsPutThem() {
        Step skew = firstStep("skew", "skew", Map.of());
        assertTrue(skew.checks().stream().anyMatch(c -> c.contains("falls below 3.0x its median")), skew.checks().toString());
        Step gc = firstStep("gc-pressure", "gc-pressure", Map.of());
        assertTrue(gc.checks().stream().anyMatch(c -> c.contains("falls below 10% of task run time")), gc.checks().toString());
    }

    @Test
    void overriddenThresholdsChangeTheSentenceAndTheMeasuredBoundAlike() {
        Step skew = firstStep("skew", "skew", Map.of("skew.maxRatioAfter", "2"));
        assertTrue(skew.checks().stream().anyMatch(c -> c.contains("falls below 2.0x its median")), skew.checks().toString());
        assertEquals(List.of(2.0), skew.verify().stream().filter(c -> c.metric().toString().endsWith("maxToMedian")).map(MetricCheck::bound).toList());

        // The high rung rises with it: a severity ladder must stay in order.
        Step gc = firstStep("gc-pressure", "gc-pressure", Map.of("gc-pressure.mediumRatio", "0.2", "gc-pressure.highRatio", "0.25"));
        assertTrue(gc.checks().stream().anyMatch(c -> c.contains("falls below 20% of task run time")), gc.checks().toString());
        assertTrue(gc.verify().stream().anyMatch(c -> c.metric().toString().endsWith("gcShare") && c.bound() == 0.2), gc.verify().toString());
    }
}
