package io.sparkadvisor.rules.execution.batchoverhead;

import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.streaming.AlwaysOn;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Map;

/**
 * What a streaming query's micro-batches spend on Spark's bookkeeping, over all its batches: the offset lookup
 * (latestOffset), planning (queryPlanning), the offset log (walCommit) and the commit log (commitOffsets) come with every
 * batch whatever it reads, so many small batches pay them many times. A longer trigger pays them less often.
 *
 * @param queryId the streaming query's id
 * @param queryName its name, empty when unnamed
 * @param batches micro-batches the log holds for the query
 * @param rowsPerBatch input rows per batch, on average
 * @param bookkeepingMsPerBatch bookkeeping time per batch, on average
 * @param triggerExecutionMsPerBatch trigger execution time per batch, on average
 * @param bookkeepingShare bookkeeping time / trigger execution time, over all batches
 * @param wallShare bookkeeping time / time the query ran (first batch start to last batch end)
 * @param intervalMs the median time between batch starts: the trigger interval as the query ran it
 * @param proposedTriggerMs the trigger interval proposed: bookkeeping per batch / targetShare, rounded up to a usual interval
 * @param savedShare the share of the cluster's time freed: wallShare x (1 - intervalMs / proposedTriggerMs)
 * @param coreHoursPerHour core-hours that frees an hour always on
 * @param coreHoursPerWeek the same for a week (168 hours)
 * @param dollarsPerHour the workers' list price an hour x savedShare; 0 when the cluster or its price is unknown
 * @param dollarsPerWeek the same for a week
 * @param cluster the always-on cluster's price and time
 */
public record BatchOverheadEvidence(String queryId, String queryName, long batches, long rowsPerBatch,
        long bookkeepingMsPerBatch, long triggerExecutionMsPerBatch, double bookkeepingShare, double wallShare,
        long intervalMs, long proposedTriggerMs, double savedShare, double coreHoursPerHour, double coreHoursPerWeek,
        double dollarsPerHour, double dollarsPerWeek, @Internal AlwaysOn cluster) implements Evidence {

    /** The parts of a batch that are Spark's bookkeeping, not the data's (progress.scala durationMs keys). */
    static final List<String> BOOKKEEPING = List.of("latestOffset", "queryPlanning", "walCommit", "commitOffsets");
    /** Trigger intervals people write, in milliseconds. */
    static final long[] USUAL_INTERVALS = {1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
            900_000, 1_800_000, 3_600_000};

    public static List<BatchOverheadEvidence> of(RunView run, Thresholds t) {
        return run.facts().streaming().stream().filter(q -> q.totals().batches() > 0).map(q -> of(run, q, t)).toList();
    }

    private static BatchOverheadEvidence of(RunView run, StreamingQueryFacts q, Thresholds t) {
        long batches = q.totals().batches();
        Map<String, Long> durations = q.totals().durationMs();
        long bookkeeping = BOOKKEEPING.stream().mapToLong(k -> durations.getOrDefault(k, 0L)).sum();
        AlwaysOn cluster = AlwaysOn.of(run, q);
        double wallShare = cluster.observedMs() > 0 ? Math.min(1, (double) bookkeeping / cluster.observedMs()) : 0;
        long interval = Math.round(q.series().batchGapMs().p50());
        long proposed = usualAtLeast(bookkeeping / batches / t.get(BatchOverheadRule.TARGET_SHARE));
        double saved = interval > 0 ? wallShare * Math.max(0, 1 - (double) interval / proposed) : 0;
        return new BatchOverheadEvidence(q.id(), q.name(), batches, q.totals().inputRows() / batches, bookkeeping / batches,
                cluster.busyMs() / batches, cluster.busyMs() > 0 ? (double) bookkeeping / cluster.busyMs() : 0, wallShare,
                interval, proposed, saved, cluster.coreHoursPerHour(saved),
                cluster.coreHoursPerHour(saved) * AlwaysOn.HOURS_PER_WEEK, cluster.dollarsPerHour(saved),
                cluster.dollarsPerHour(saved) * AlwaysOn.HOURS_PER_WEEK, cluster);
    }

    private static long usualAtLeast(double ms) {
        for (long interval : USUAL_INTERVALS) {
            if (interval >= ms) {
                return interval;
            }
        }
        return USUAL_INTERVALS[USUAL_INTERVALS.length - 1];
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
