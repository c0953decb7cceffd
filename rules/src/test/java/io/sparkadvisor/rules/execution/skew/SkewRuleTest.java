package io.sparkadvisor.rules.execution.skew;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class SkewRuleTest {
    @Test
    void firesOnTheSkewScenarioNamingTheKey() {
        Finding f = Findings.of("skew", "skew").orElseThrow();
        StageFacts stage = Findings.stageOf(f, "skew");
        var duration = stage.metric(TaskMetric.DURATION);

        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals(List.of("market_id"), f.evidence().get("partitionKeys"));
        assertEquals(duration.max(), f.evidence().get("maxTaskMs"));
        assertEquals((double) duration.max() / duration.p50(), (double) f.evidence().get("maxToMedian"), 0.001);
        assertTrue((double) f.evidence().get("maxToMedian") >= 5);
    }

    @Test
    void silentOnHealthy() {
        assertTrue(Findings.of("skew", "healthy").isEmpty());
    }
}
