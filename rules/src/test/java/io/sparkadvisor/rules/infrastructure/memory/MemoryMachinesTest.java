package io.sparkadvisor.rules.infrastructure.memory;

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

/** memory-overprovisioned beside the machines' memory use, on the corpus run's two i3.xlarge workers. */
class MemoryMachinesTest {
    private static final String RULE = "memory-overprovisioned";
    /** The corpus run lasts seconds: without the dollar floor the node-type rule decides as on an hour-long run. */
    private static final Map<String, String> NO_DOLLAR_FLOOR = Map.of("general.minSavedDollarsPerRun", "0");

    private static RunFacts run() {
        return withCluster("memory-overprovisioned", "aws-i3-dedicated.json");
    }

    @Test
    void machinesThatLeftTheirMemoryIdleConfirmIt() {
        Finding f = fired(advise(withNodeTimeline(run(), "memory-overprovisioned-idle-memory.csv"), NO_DOLLAR_FLOOR), RULE);
        assertEquals(0.24, number(f, "machineMemUsedP90"), 0.001);
        assertTrue(f.recommendation().proof().contains("the workers used 24% of their memory in the 90th percentile minute"),
                f.recommendation().proof());
    }

    /** The heap peaked low, but the nodes' memory was in use (by what the heap does not show): no smaller node. */
    @Test
    void machinesThatUsedTheirMemorySilenceIt() {
        silent(advise(withNodeTimeline(run(), "memory-overprovisioned-used-memory.csv"), NO_DOLLAR_FLOOR), RULE);
        fired(advise(run(), NO_DOLLAR_FLOOR), RULE); // the log alone, as before
    }

    @Test
    void theHealthyRunStaysSilentWithItsRows() {
        silent(advise(withNodeTimeline(withCluster("healthy", "aws-r5-1core-40g-executors.json"), "healthy-idle-memory.csv"),
                NO_DOLLAR_FLOOR), RULE);
    }
}
