package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.facts.SlotAccounting;
import org.junit.jupiter.api.Test;

class SlotTimelineBuilderTest {
    @Test
    void accountsBusyIdleAndQueuedTimeExactly() {
        SlotTimelineBuilder b = new SlotTimelineBuilder(0);
        b.slots(0, 2);
        b.stages(0, 1);
        b.stages(1_500, -1); // the last half second only the driver works
        b.pending(0, 3);
        b.task(0, 1_000);
        b.pending(0, -1);
        b.task(0, 1_000);
        b.pending(0, -1);
        b.task(1_000, 1_500); // the third task waited a second for a slot
        b.pending(1_000, -1);
        SlotAccounting a = b.build(2_000, 0).accounting();
        assertEquals(4_000, a.slotMs());
        assertEquals(2_500, a.taskMs());
        assertEquals(1_500, a.idleSlotMs());
        assertEquals(3_000, a.stageSlotMs());
        assertEquals(500, a.stageIdleSlotMs());
        assertEquals(1_000, a.queuedWallMs());
        assertEquals(2, a.peakSlots());
        assertEquals(2, a.peakRunningTasks());
    }

    @Test
    void longRunsCoarsenWithoutLosingTime() {
        SlotTimelineBuilder b = new SlotTimelineBuilder(0);
        long end = 50L * 3_600_000; // 50 hours: far beyond the finest buckets
        for (long t = 0; t < end; t += 60_000) {
            b.task(t + 123, t + 30_123); // one 30-second task a minute
        }
        SlotAccounting a = b.build(end, 1).accounting();
        assertEquals(end, a.slotMs());
        assertEquals(end / 2, a.taskMs());
        assertEquals(end / 2, a.idleSlotMs());
    }
}
