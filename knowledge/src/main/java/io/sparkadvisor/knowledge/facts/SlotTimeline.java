package io.sparkadvisor.knowledge.facts;

import java.util.List;

/** Running tasks, available slots and tasks waiting for a slot, sampled at fixed intervals from {@code startMs}; for charts. */
public record SlotTimeline(long startMs, long stepMs, List<Double> runningTasks, List<Integer> slots,
        List<Integer> pendingTasks) {}
