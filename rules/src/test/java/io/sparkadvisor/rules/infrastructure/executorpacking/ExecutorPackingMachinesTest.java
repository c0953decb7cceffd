package io.sparkadvisor.rules.infrastructure.executorpacking;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.fired;
import static io.sparkadvisor.rules.RuleTesting.number;
import static io.sparkadvisor.rules.RuleTesting.silent;
import static io.sparkadvisor.rules.RuleTesting.withCluster;
import static io.sparkadvisor.rules.RuleTesting.withNodeTimeline;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Finding;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** executor-packing beside the machines' memory use: the healthy corpus run on 25 r5.2xlarge with 1-core 40 GB executors. */
class ExecutorPackingMachinesTest {
    private static final String RULE = "executor-packing";

    private static RunFacts run() {
        return withCluster("healthy", "aws-r5-1core-40g-executors.json");
    }

    @Test
    void nodesWithIdleMemoryConfirmTheStrandedCores() {
        Finding f = fired(advise(withNodeTimeline(run(), "healthy-idle-memory.csv"), Map.of()), RULE);
        assertEquals(0.315, number(f, "machineMemUsedP90"), 0.001);
        assertTrue(f.recommendation().proof().contains("the workers used 31% of their memory"), f.recommendation().proof());
    }

    /** Nodes whose memory was in use have none to give the cores' new executors. */
    @Test
    void nodesThatUsedTheirMemorySilenceIt() {
        silent(advise(withNodeTimeline(run(), "healthy-used-memory.csv"), Map.of()), RULE);
        fired(advise(run(), Map.of()), RULE);
    }

    @Test
    void aRunThatPacksStaysSilentWithItsRows() {
        silent(advise(withNodeTimeline(withCluster("healthy", "aws-i3-1core-6g-executors.json"), "healthy-idle-memory.csv"),
                Map.of()), RULE);
    }
}
