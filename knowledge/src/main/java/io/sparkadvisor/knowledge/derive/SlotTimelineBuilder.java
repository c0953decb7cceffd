package io.sparkadvisor.knowledge.derive;

import io.sparkadvisor.knowledge.facts.SlotAccounting;
import io.sparkadvisor.knowledge.facts.SlotTimeline;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Slot-time accounting in constant memory per event: running tasks, slots and waiting tasks are
 * recorded as changes in fixed-width time buckets (each change also keeps the milliseconds from it
 * to its bucket's end, so busy and slot time stay exact). When the run outgrows the buckets, the
 * width doubles and neighbours merge, so memory is bounded however long the application ran.
 */
final class SlotTimelineBuilder {
    private static final int MAX_BUCKETS = 8192;
    private static final int CHART_POINTS = 240;

    private final long originMs;
    private long widthMs = 100;
    private final Series running = new Series();
    private final Series slots = new Series();
    private final Series pending = new Series();
    private final Series stages = new Series();

    SlotTimelineBuilder(long originMs) {
        this.originMs = originMs;
    }

    void task(long launchMs, long finishMs) {
        running.change(launchMs, 1);
        running.change(Math.max(launchMs, finishMs), -1);
    }

    void slots(long atMs, int delta) {
        slots.change(atMs, delta);
    }

    void pending(long atMs, int delta) {
        pending.change(atMs, delta);
    }

    /** A stage started (+1) or ended (-1): time with no stage running is the driver's alone. */
    void stages(long atMs, int delta) {
        stages.change(atMs, delta);
    }

    /** Accounts from the origin to {@code endMs}; {@code fallbackSlots} applies when no slot changes were recorded. */
    Result build(long endMs, int fallbackSlots) {
        if (slots.isEmpty() && fallbackSlots > 0) {
            slots.change(originMs, fallbackSlots);
            slots.change(endMs, -fallbackSlots);
        }
        while ((endMs - originMs) / widthMs >= MAX_BUCKETS) {
            coarsen();
        }
        long span = Math.max(1, endMs - originMs);
        int buckets = (int) Math.min(MAX_BUCKETS, (span + widthMs - 1) / widthMs);
        double[] busy = running.integrate(buckets, span);
        double[] slotMs = slots.integrate(buckets, span);
        long[] waiting = pending.levelsAtEnd(buckets);
        long[] slotLevels = slots.levelsAtEnd(buckets);
        double[] stageTime = stages.integrate(buckets, span);
        long totalSlot = 0;
        long totalBusy = 0;
        long idle = 0;
        long queuedWall = 0;
        long idleWhileQueued = 0;
        long stageSlotMs = 0;
        long stageIdleMs = 0;
        int peakSlots = 0;
        int peakRunning = 0;
        for (int b = 0; b < buckets; b++) {
            totalSlot += Math.round(slotMs[b]);
            totalBusy += Math.round(busy[b]);
            double idleHere = Math.max(0, slotMs[b] - busy[b]);
            idle += Math.round(idleHere);
            if (stageTime[b] > 0 || busy[b] > 0) {
                stageSlotMs += Math.round(slotMs[b]);
                stageIdleMs += Math.round(idleHere);
            }
            if (waiting[b] > 0) {
                queuedWall += widthMs;
                idleWhileQueued += Math.round(idleHere);
            }
            peakSlots = (int) Math.max(peakSlots, slotLevels[b]);
            peakRunning = (int) Math.max(peakRunning, Math.round(busy[b] / widthMs));
        }
        SlotAccounting accounting = new SlotAccounting(totalSlot, totalBusy, idle, stageSlotMs, stageIdleMs, queuedWall,
                idleWhileQueued, peakSlots, peakRunning);
        return new Result(accounting, chart(busy, slotMs, waiting, buckets));
    }

    private SlotTimeline chart(double[] busy, double[] slotMs, long[] waiting, int buckets) {
        int per = Math.max(1, (buckets + CHART_POINTS - 1) / CHART_POINTS);
        List<Double> run = new ArrayList<>();
        List<Integer> slot = new ArrayList<>();
        List<Integer> wait = new ArrayList<>();
        for (int start = 0; start < buckets; start += per) {
            int end = Math.min(buckets, start + per);
            double b = 0;
            double s = 0;
            long w = 0;
            for (int i = start; i < end; i++) {
                b += busy[i];
                s += slotMs[i];
                w = Math.max(w, waiting[i]);
            }
            double span = (double) (end - start) * widthMs;
            run.add(Math.round(b / span * 100) / 100.0);
            slot.add((int) Math.round(s / span));
            wait.add((int) w);
        }
        return new SlotTimeline(originMs, per * widthMs, run, slot, wait);
    }

    record Result(SlotAccounting accounting, SlotTimeline timeline) {}

    /** A step function of time, stored as per-bucket level changes plus each change's distance to its bucket end. */
    private final class Series {
        private long[] delta = new long[1024];
        private long[] tailMs = new long[1024];
        private boolean any;

        boolean isEmpty() {
            return !any;
        }

        void change(long atMs, long by) {
            any = true;
            long offset = Math.max(0, atMs - originMs);
            while (offset / widthMs >= MAX_BUCKETS) {
                coarsen();
            }
            int b = (int) (offset / widthMs);
            ensure(b);
            delta[b] += by;
            tailMs[b] += by * ((b + 1) * widthMs - offset);
        }

        private void ensure(int bucket) {
            if (bucket >= delta.length) {
                int capacity = Math.min(MAX_BUCKETS, Math.max(bucket + 1, delta.length * 2));
                delta = Arrays.copyOf(delta, capacity);
                tailMs = Arrays.copyOf(tailMs, capacity);
            }
        }

        /** The level-time integral of each bucket (e.g. busy task-milliseconds), the last one cut at {@code spanMs}. */
        double[] integrate(int buckets, long spanMs) {
            double[] out = new double[buckets];
            long level = 0;
            for (int b = 0; b < buckets; b++) {
                long d = b < delta.length ? delta[b] : 0;
                long t = b < tailMs.length ? tailMs[b] : 0;
                long beyondEnd = Math.max(0, (b + 1) * widthMs - spanMs);
                out[b] = (double) level * (widthMs - beyondEnd) + t - d * beyondEnd;
                level += d;
            }
            return out;
        }

        /** Merges neighbouring buckets pairwise; a change in the first of a pair moves one old width further from the end. */
        void merge() {
            int half = (delta.length + 1) / 2;
            long[] d = new long[Math.max(half, 1024)];
            long[] t = new long[d.length];
            for (int b = 0; b < delta.length; b++) {
                d[b / 2] += delta[b];
                t[b / 2] += tailMs[b] + (b % 2 == 0 ? delta[b] * widthMs : 0);
            }
            delta = d;
            tailMs = t;
        }

        long[] levelsAtEnd(int buckets) {
            long[] out = new long[buckets];
            long level = 0;
            for (int b = 0; b < buckets; b++) {
                level += b < delta.length ? delta[b] : 0;
                out[b] = Math.max(0, level);
            }
            return out;
        }
    }

    /** Doubles the bucket width of every series at once, so their buckets stay aligned. */
    private void coarsen() {
        for (Series s : List.of(running, slots, pending, stages)) {
            s.merge();
        }
        widthMs *= 2;
    }
}
