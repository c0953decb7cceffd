package io.sparkadvisor.rules.dataaccess.sourceparallelism;

import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.SourceProgress;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.streaming.AlwaysOn;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * A streaming query's Kafka source with fewer partitions than the run has task slots: Spark reads one task per
 * partition unless {@code minPartitions} splits them, so the other slots idle during each batch's read. The cost is
 * that of an always-on cluster: per hour and per week, not per run. It is an upper bound: it takes the whole batch
 * time as the read's.
 *
 * @param queryId the streaming query's id
 * @param queryName its name, empty when unnamed
 * @param source the source's description as Spark wrote it
 * @param kafkaPartitions the topic partitions in the source's offsets, in its last batch
 * @param slots task slots of the run
 * @param partitionShare Kafka partitions / slots
 * @param minPartitions the minPartitions proposed: one task per slot
 * @param batches micro-batches the log holds for the query
 * @param busyShare time batches ran / time the query ran (first batch start to last batch end)
 * @param idleCoreHoursPerHour slots left idle by the read, times the busy share: core-hours lost per hour always on
 * @param idleCoreHoursPerWeek the same for a week (168 hours)
 * @param dollarsPerHour the workers' list price per hour times the idle share of the slots and the busy share; 0 when
 *        the cluster or its node's price is unknown
 * @param dollarsPerWeek the same for a week
 * @param cluster the always-on cluster the idle share is priced on
 */
public record SourceParallelismEvidence(String queryId, String queryName, String source, int kafkaPartitions, int slots,
        double partitionShare, int minPartitions, long batches, double busyShare, double idleCoreHoursPerHour,
        double idleCoreHoursPerWeek, double dollarsPerHour, double dollarsPerWeek, @Internal AlwaysOn cluster)
        implements Evidence {

    public static List<SourceParallelismEvidence> of(RunView run, Thresholds t) {
        return run.facts().streaming().stream().flatMap(q -> q.last().stream()
                .flatMap(last -> last.sources().stream().filter(s -> s.kafkaPartitions() > 0).map(s -> of(run, q, last, s))))
                .toList();
    }

    private static SourceParallelismEvidence of(RunView run, StreamingQueryFacts q, MicroBatch last, SourceProgress s) {
        int slots = Math.max(1, run.slots());
        AlwaysOn cluster = AlwaysOn.of(run, q);
        double idle = cluster.busyShare() * Math.max(0, 1 - (double) s.kafkaPartitions() / slots);
        int week = AlwaysOn.HOURS_PER_WEEK;
        return new SourceParallelismEvidence(q.id(), q.name(), s.description(), s.kafkaPartitions(), slots,
                (double) s.kafkaPartitions() / slots, slots, q.totals().batches(), cluster.busyShare(),
                cluster.coreHoursPerHour(idle), cluster.coreHoursPerHour(idle) * week, cluster.dollarsPerHour(idle),
                cluster.dollarsPerHour(idle) * week, cluster);
    }

    /** The share of the cluster's time the read leaves idle. */
    double idleShare() {
        return idleCoreHoursPerHour / slots;
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
