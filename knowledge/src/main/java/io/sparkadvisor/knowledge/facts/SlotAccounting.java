package io.sparkadvisor.knowledge.facts;

/**
 * Where the application's task slots went, in slot-milliseconds, over the time executors existed:
 * busy with tasks, idle; the same while at least one stage ran ({@code stageSlotMs},
 * {@code stageIdleSlotMs}: the rest is driver-only time); and the wall time during which tasks
 * waited for a free slot. {@code peakSlots} is the most slots alive at once; {@code peakRunningTasks}
 * the most tasks running at once.
 */
public record SlotAccounting(long slotMs, long taskMs, long idleSlotMs, long stageSlotMs, long stageIdleSlotMs,
        long queuedWallMs, long idleWhileQueuedSlotMs, int peakSlots, int peakRunningTasks) {}
