package io.sparkadvisor.bot.followup;

import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.knowledge.facts.StreamingTrigger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The latest window of a streaming query's micro-batches, measured as a restart's verdict compares them: at most
 * {@code maxBatches} batches within {@code maxSpan} of the latest. It is {@code full} when it holds {@code maxBatches}
 * batches or the query has batches older than the span: a window that is still filling is not judged.
 *
 * @param arrivalRatio input over processing (1 + the backlog's growth over the rows read, where a source reports its
 *     offsets behind latest), as {@link StreamingQueryFacts#recentArrivalRatio}; NaN when nothing was read
 * @param medianBatchMs the median batch's trigger execution time
 * @param overTriggerShare the share of batches that took their trigger's interval or more: against the interval the
 *     batches showed, else the batches the next one started right after (the trigger could not wait)
 * @param backlogGrowth offsets behind latest at the window's end less at its start, when a source reports them
 * @param stateRows rows in the state store at the window's end, when the query keeps state
 */
record BatchWindow(String queryId, int batches, long spanMs, boolean full, double arrivalRatio, long medianBatchMs,
        OptionalDouble overTriggerShare, OptionalLong backlogGrowth, OptionalLong stateRows) {

    /**
     * The window of the query the run's log saw longest (of {@code queryId} when it has it: the same query after a restart
     * from its checkpoint); empty when no query ran a batch. {@code backToBack}: how close after a batch's own time the next
     * may start for the batch to count as over its trigger (x its time).
     */
    static Optional<BatchWindow> latest(List<StreamingQueryFacts> queries, Optional<String> queryId, int maxBatches, Duration maxSpan,
            double backToBack) {
        Optional<StreamingQueryFacts> query = queryId.flatMap(id -> queries.stream().filter(q -> q.id().equals(id)).findFirst())
                .or(() -> queries.stream().max(Comparator.comparingInt(q -> q.recent().size())));
        return query.filter(q -> !q.recent().isEmpty()).map(q -> of(q, maxBatches, maxSpan, backToBack));
    }

    private static BatchWindow of(StreamingQueryFacts q, int maxBatches, Duration maxSpan, double backToBack) {
        List<MicroBatch> recent = q.recent();
        long newest = recent.get(recent.size() - 1).timestampMs();
        List<MicroBatch> window = new ArrayList<>();
        for (int i = recent.size() - 1; i >= 0 && window.size() < maxBatches; i--) {
            if (newest - recent.get(i).timestampMs() > maxSpan.toMillis()) {
                break;
            }
            window.add(0, recent.get(i));
        }
        // Fewer than maxBatches yet some recent batches left out: the span cut it, so it covers the whole span.
        boolean full = window.size() >= maxBatches || window.size() < recent.size();
        long[] times = window.stream().mapToLong(MicroBatch::triggerExecutionMs).sorted().toArray();
        return new BatchWindow(q.id(), window.size(), newest - window.get(0).timestampMs(), full, StreamingQueryFacts.arrivalRatio(window),
                times[times.length / 2], overTrigger(window, q.trigger(), backToBack), backlogGrowth(window), stateRows(window));
    }

    /**
     * Against the interval where the batches showed one; else as observed: the next batch started right after this one
     * (within {@code backToBack} x its time), so the trigger could not wait.
     */
    private static OptionalDouble overTrigger(List<MicroBatch> window, StreamingTrigger trigger, double backToBack) {
        if (trigger.kind() == StreamingTrigger.Kind.PROCESSING_TIME) {
            return OptionalDouble.of((double) window.stream().filter(b -> b.triggerExecutionMs() >= trigger.intervalMs()).count()
                    / window.size());
        }
        if (window.size() < 2) {
            return OptionalDouble.empty();
        }
        long over = 0;
        for (int i = 0; i + 1 < window.size(); i++) {
            MicroBatch b = window.get(i);
            if (window.get(i + 1).timestampMs() - b.timestampMs() <= b.triggerExecutionMs() * backToBack) {
                over++;
            }
        }
        return OptionalDouble.of((double) over / (window.size() - 1));
    }

    private static OptionalLong backlogGrowth(List<MicroBatch> window) {
        List<Long> behind = window.stream().flatMap(b -> b.offsetsBehindLatest().stream()).toList();
        return behind.size() < 2 ? OptionalLong.empty() : OptionalLong.of(behind.get(behind.size() - 1) - behind.get(0));
    }

    private static OptionalLong stateRows(List<MicroBatch> window) {
        MicroBatch last = window.get(window.size() - 1);
        return last.stateOperators().isEmpty() ? OptionalLong.empty() : OptionalLong.of(last.stateRowsTotal());
    }
}
