package io.sparkadvisor.rules.execution.laterows;

import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.streaming.AlwaysOn;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * The rows a streaming query's watermark dropped over all its batches (numRowsDroppedByWatermark of its stateful
 * operators), against its input, and at what rate an always-on query loses them.
 *
 * @param queryId the streaming query's id
 * @param queryName its name, empty when unnamed
 * @param batches micro-batches the log holds for the query
 * @param inputRows rows the query read
 * @param droppedRows rows its watermark dropped
 * @param droppedShare droppedRows / inputRows
 * @param droppedPerHour rows dropped an hour at the log's rate (first batch start to last batch end)
 * @param droppedPerWeek the same for a week (168 hours)
 */
public record LateRowsEvidence(String queryId, String queryName, long batches, long inputRows, long droppedRows,
        double droppedShare, double droppedPerHour, double droppedPerWeek) implements Evidence {

    public static List<LateRowsEvidence> of(RunView run, Thresholds t) {
        return run.facts().streaming().stream().filter(q -> q.totals().batches() > 0).map(q -> of(run, q)).toList();
    }

    private static LateRowsEvidence of(RunView run, StreamingQueryFacts q) {
        long dropped = q.totals().rowsDroppedByWatermark();
        long input = q.totals().inputRows();
        double perHour = AlwaysOn.perHour(dropped, AlwaysOn.of(run, q).observedMs());
        return new LateRowsEvidence(q.id(), q.name(), q.totals().batches(), input, dropped,
                input > 0 ? (double) dropped / input : 0, perHour, perHour * AlwaysOn.HOURS_PER_WEEK);
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
