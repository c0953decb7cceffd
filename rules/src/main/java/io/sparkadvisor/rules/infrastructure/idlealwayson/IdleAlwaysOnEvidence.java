package io.sparkadvisor.rules.infrastructure.idlealwayson;

import io.sparkadvisor.knowledge.facts.BatchTotals;
import io.sparkadvisor.knowledge.facts.JobRunMode;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.streaming.AlwaysOn;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * How often a continuous streaming query's triggers found data, and how much of its cluster's time its batches used.
 * What it costs is the always-on cluster's hour and week; a schedule of Trigger.AvailableNow runs keeps the cluster
 * only for the batches and each run's start.
 *
 * @param queryId the streaming query's id
 * @param queryName its name, empty when unnamed
 * @param triggers batches plus idle events: the triggers Spark reported
 * @param batches micro-batches
 * @param emptyBatches batches that read no row
 * @param idleEvents QueryIdleEvents: triggers that found no new data (Spark 3.5+)
 * @param idleShare (idleEvents + emptyBatches) / triggers
 * @param busyShare time batches ran / time the query ran
 * @param scheduledShare the cluster's time a schedule keeps: busyShare + clusterStartMinutes / scheduleMinutes
 * @param savedShare 1 - scheduledShare: the cluster's time a schedule frees
 * @param alwaysOnCoreHoursPerWeek core-hours the always-on cluster holds a week
 * @param alwaysOnDollarsPerWeek the workers' list price a week always on; 0 when the cluster or its price is unknown
 * @param coreHoursPerHour core-hours a schedule frees an hour
 * @param coreHoursPerWeek the same for a week (168 hours)
 * @param dollarsPerHour list dollars a schedule frees an hour; 0 when the cluster or its price is unknown
 * @param dollarsPerWeek the same for a week
 * @param continuousJob the job's settings run it continuously (else the trigger the batches show made it always on)
 * @param cluster the always-on cluster's price and time
 */
public record IdleAlwaysOnEvidence(String queryId, String queryName, long triggers, long batches, long emptyBatches,
        long idleEvents, double idleShare, double busyShare, double scheduledShare, double savedShare,
        double alwaysOnCoreHoursPerWeek, double alwaysOnDollarsPerWeek, double coreHoursPerHour, double coreHoursPerWeek,
        double dollarsPerHour, double dollarsPerWeek, boolean continuousJob, @Internal AlwaysOn cluster) implements Evidence {

    public static List<IdleAlwaysOnEvidence> of(RunView run, Thresholds t) {
        // a scheduled run (its job's schedule or trigger, or an AvailableNow/Once query) already is what this rule proposes
        return run.facts().streaming().stream().filter(q -> q.totals().batches() > 0 && AlwaysOn.runsUntilStopped(run, q))
                .map(q -> of(run, q, t)).toList();
    }

    private static IdleAlwaysOnEvidence of(RunView run, StreamingQueryFacts q, Thresholds t) {
        BatchTotals totals = q.totals();
        long triggers = totals.batches() + totals.idleEvents();
        AlwaysOn cluster = AlwaysOn.of(run, q);
        double scheduled = Math.min(1, cluster.busyShare()
                + t.get(IdleAlwaysOnRule.CLUSTER_START_MINUTES) / t.get(IdleAlwaysOnRule.SCHEDULE_MINUTES));
        double saved = 1 - scheduled;
        int week = AlwaysOn.HOURS_PER_WEEK;
        return new IdleAlwaysOnEvidence(q.id(), q.name(), triggers, totals.batches(), totals.emptyBatches(),
                totals.idleEvents(), (double) (totals.idleEvents() + totals.emptyBatches()) / triggers, cluster.busyShare(),
                scheduled, saved, cluster.coreHoursPerHour(1) * week, cluster.dollarsPerHour(1) * week,
                cluster.coreHoursPerHour(saved), cluster.coreHoursPerHour(saved) * week, cluster.dollarsPerHour(saved),
                cluster.dollarsPerHour(saved) * week, run.facts().jobRunMode().filter(JobRunMode::alwaysOn).isPresent(), cluster);
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
