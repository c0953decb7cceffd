package io.sparkadvisor.rules.infrastructure.memory;

import static io.sparkadvisor.rules.RuleTesting.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MemoryOverprovisionedTest {
    private static final String RULE = "memory-overprovisioned";

    @Test
    void aSixGigabyteHeapThatPeakedUnderOneGigabyte() {
        Finding f = finding(advise("memory-overprovisioned"), RULE).orElseThrow();
        long peak = Corpus.scenario("memory-overprovisioned").path("expect").path("peakJvmHeapBytes").asLong();
        assertEquals(6L << 30, (long) number(f, "allocatedBytes"));
        assertEquals(peak, (long) number(f, "peakHeapBytes"));
        long needed = (long) (peak * 1.25) + (300L << 20);
        assertEquals(needed, (long) number(f, "neededBytes"));
        assertEquals(Severity.LOW, f.severity()); // 6 GiB is more than 3x the need (high), but a smaller heap saves nothing quantified
        String proposed = (String) f.evidence().get("proposedMemory");
        assertEquals("spark.driver.memory", f.recommendation().steps().get(0).changes().get(0).key()); // local mode
        assertEquals(proposed, f.recommendation().steps().get(0).changes().get(0).value());
        assertTrue(proposed.endsWith("m") || proposed.endsWith("g"));
    }

    @Test
    void silentAtOrBelowTwoGigabytesAndWhenTheRatioFloorIsRaised() {
        silent(advise("healthy"), RULE); // 2 GiB heap: never called over-provisioned
        silent(advise(Corpus.facts("memory-overprovisioned"), Map.of("memory-overprovisioned.minAllocatedToNeeded", "10")), RULE);
        // the deprecated alias
        silent(advise(Corpus.facts("memory-overprovisioned"), Map.of("memoryOverprovisioned.minAllocatedToNeeded", "10")), RULE);
    }
}
