package io.sparkadvisor.rules.infrastructure.idleslots;

import static io.sparkadvisor.rules.RuleTesting.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.SlotAccounting;
import io.sparkadvisor.rules.advisor.Finding;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IdleSlotsTest {
    private static final String RULE = "idle-slots";

    @Test
    void oneTaskOnFourSlotsLeavesThreeIdle() {
        Finding f = fired(advise("too-few-partitions"), RULE);
        SlotAccounting a = Corpus.facts("too-few-partitions").slots();
        assertEquals(4, number(f, "slots"));
        assertEquals((double) a.stageIdleSlotMs() / a.stageSlotMs(), number(f, "idleShare"), 0.001);
        assertTrue(number(f, "idleShare") > 0.7, "three of four slots idle while the one task runs");
        assertEquals(1, number(f, "narrowStageTasks"));
        assertEquals(8, number(f, "proposedPartitions")); // two tasks per slot
        assertEquals("8", f.recommendation().steps().get(0).changes().get(1).value());
    }

    @Test
    void silentWhereTasksFillTheSlots() {
        silent(advise("healthy"), RULE);
        silent(advise("io-bound"), RULE);
        silent(advise(Corpus.facts("too-few-partitions"), Map.of("idle-slots.minIdleShare", "0.9")), RULE);
        silent(advise(Corpus.facts("too-few-partitions"), Map.of("idleSlots.minIdleShare", "0.9")), RULE); // the deprecated alias
    }
}
