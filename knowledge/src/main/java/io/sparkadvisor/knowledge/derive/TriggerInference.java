package io.sparkadvisor.knowledge.derive;

import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.StreamingTrigger;
import io.sparkadvisor.knowledge.facts.StreamingTrigger.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Infers a query's trigger from its batches (see {@link StreamingTrigger}). Pure: the counters of the whole run come
 * from {@link QueryDraft}, the start times from its recent window.
 */
final class TriggerInference {
    /** A batch that started this much later than its previous batch ended waited for its trigger. */
    static final long WAITED_MS = 100;
    /** Batches that waited must start on the interval in this share of cases to name it. */
    private static final double MIN_ALIGNED_SHARE = 0.8;
    /** An interval is judged as this many times smaller than a waited gap at most (idle triggers post no progress). */
    private static final int MAX_INTERVALS_PER_GAP = 32;

    /**
     * What the whole run showed, bounded.
     *
     * @param batches the query's progress events
     * @param waited batches that started more than {@link #WAITED_MS} after their previous batch ended
     * @param emptyOrIdle batches with no input plus idle events
     * @param endedByItself the query terminated without exception and with no batch under way
     * @param rowsBeforeLastMin fewest input rows of a batch before the last (-1 with one batch)
     * @param rowsBeforeLastMax most input rows of a batch before the last
     */
    record Run(long batches, long waited, long emptyOrIdle, boolean endedByItself, long rowsBeforeLastMin,
            long rowsBeforeLastMax) {}

    private TriggerInference() {}

    static StreamingTrigger infer(Run run, MicroBatch last, long firstBatchId, List<MicroBatch> recent) {
        StreamingTrigger processing = processingTime(recent, firstBatchId);
        if (processing.kind() == Kind.PROCESSING_TIME) {
            return processing;
        }
        return availableNow(run, last) ? new StreamingTrigger(Kind.AVAILABLE_NOW, 0, (int) run.batches(), (int) run.batches())
                : StreamingTrigger.UNKNOWN;
    }

    /**
     * Ended by itself after batches back to back that each read what a rate limit let through (the same rows, within
     * 1%, the last at most that; or a single batch: Once, or AvailableNow without a limit), none empty, no backlog left.
     * A continuous query stopped from outside between two batches that overran their trigger ends the same way; its
     * batches read what arrived meanwhile, so their rows vary, or a reported backlog remains.
     */
    private static boolean availableNow(Run run, MicroBatch last) {
        if (!run.endedByItself() || run.batches() == 0 || run.waited() > 0 || run.emptyOrIdle() > 0
                || last.offsetsBehindLatest().orElse(0L) > 0) {
            return false;
        }
        return run.batches() == 1 || run.rowsBeforeLastMax() <= run.rowsBeforeLastMin() * 1.01
                && last.numInputRows() <= run.rowsBeforeLastMax();
    }

    /** The largest interval on whose multiples most (and at least three) batches that waited started. */
    private static StreamingTrigger processingTime(List<MicroBatch> recent, long firstBatchId) {
        List<MicroBatch> waited = new ArrayList<>();
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < recent.size(); i++) {
            MicroBatch before = recent.get(i - 1);
            MicroBatch b = recent.get(i);
            long gap = b.timestampMs() - before.timestampMs();
            if (b.batchId() != firstBatchId && b.timestampMs() > 0 && gap - before.triggerExecutionMs() > WAITED_MS) {
                waited.add(b);
                gaps.add(gap);
            }
        }
        if (waited.size() < 3) {
            return StreamingTrigger.UNKNOWN;
        }
        long best = 0;
        int bestAligned = 0;
        for (long gap : gaps) {
            for (int k = 1; k <= MAX_INTERVALS_PER_GAP; k++) {
                long interval = round(gap / k);
                if (interval < 8 * tolerance(interval)) {
                    continue; // so short an interval that most starts would look aligned by chance
                }
                int aligned = aligned(waited, interval);
                if (interval > best && aligned >= MIN_ALIGNED_SHARE * waited.size()) {
                    best = interval;
                    bestAligned = aligned;
                }
            }
        }
        return best > 0 ? new StreamingTrigger(Kind.PROCESSING_TIME, best, bestAligned, waited.size()) : StreamingTrigger.UNKNOWN;
    }

    /** Intervals are round numbers: to 10 ms under a second, to 100 ms above. */
    private static long round(long ms) {
        long unit = ms < 1_000 ? 10 : 100;
        return Math.max(unit, Math.round((double) ms / unit) * unit);
    }

    private static long tolerance(long interval) {
        return Math.max(25, interval / 50);
    }

    /** Batches that started within a small tolerance of a multiple of the interval (Spark's start is a few ms late). */
    private static int aligned(List<MicroBatch> batches, long interval) {
        long tolerance = tolerance(interval);
        int n = 0;
        for (MicroBatch b : batches) {
            long off = Math.floorMod(b.timestampMs(), interval);
            n += off <= tolerance || interval - off <= tolerance ? 1 : 0;
        }
        return n;
    }
}
