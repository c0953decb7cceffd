package io.sparkadvisor.rules.streaming;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.NodePrices;
import io.sparkadvisor.knowledge.facts.JobRunMode;
import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Savings;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster under an always-on streaming query, priced by the hour: a continuous job never ends, so what a streaming
 * rule saves is a share of this cluster per hour and per week, not per run. The share of a saving on the run is the
 * same share of the time the log saw the query.
 *
 * @param slots task slots of the run
 * @param workers the cluster's workers (its maximum when it autoscales); 0 when the cluster is unknown
 * @param dollarsPerHour the workers' list price an hour; 0 when the cluster or its node's price is unknown
 * @param observedMs from the query's first batch start to its last batch's end
 * @param busyMs the batches' trigger execution time summed over the run
 * @param onSchedule the job's settings run it on a schedule or trigger: its cluster is up for its runs, not every hour,
 *     so a saving is said per run
 */
public record AlwaysOn(int slots, int workers, double dollarsPerHour, long observedMs, long busyMs, boolean onSchedule) {
    public static final int HOURS_PER_WEEK = 168;
    private static final double MS_PER_HOUR = 3_600_000.0;

    public static AlwaysOn of(RunView run, StreamingQueryFacts q) {
        int workers = run.cluster().map(ClusterShape::billedWorkers).orElse(0);
        double dollars = run.cluster().map(ClusterShape::nodeTypeId).flatMap(NodePrices::of)
                .map(p -> p.dollarsPerHour() * workers).orElse(0.0);
        long observed = q.first().flatMap(f -> q.last().map(l -> span(f, l))).orElse(0L);
        return new AlwaysOn(run.slots(), workers, dollars, observed,
                q.totals().durationMs().getOrDefault(MicroBatch.TRIGGER_EXECUTION, 0L),
                run.facts().jobRunMode().filter(m -> !m.alwaysOn()).isPresent());
    }

    /**
     * Whether the query runs until stopped: the job's settings decide when they name a mode (continuous: always on,
     * whatever the batches show; a schedule or trigger: not), else the trigger the batches show.
     */
    public static boolean runsUntilStopped(RunView run, StreamingQueryFacts q) {
        return run.facts().jobRunMode().map(JobRunMode::alwaysOn).orElseGet(() -> q.trigger().alwaysOn());
    }

    /**
     * The run's always-on query the log saw longest, when it holds one with batches (a scheduled run is not always on:
     * it is staked as a batch run's): the cluster whose hours a saving on this run recurs in ({@link io.sparkadvisor.rules.advisor.Stake}).
     */
    public static Optional<AlwaysOn> longestOf(RunView run) {
        return run.facts().streaming().stream().filter(q -> runsUntilStopped(run, q)).map(q -> of(run, q))
                .filter(a -> a.observedMs() > 0)
                .max(Comparator.comparingLong(AlwaysOn::observedMs));
    }

    /** The same cluster seen over {@code batches} only (oldest first), such as a query's recent window. */
    public AlwaysOn over(List<MicroBatch> batches) {
        long observed = batches.isEmpty() ? 0 : span(batches.get(0), batches.get(batches.size() - 1));
        return new AlwaysOn(slots, workers, dollarsPerHour, observed,
                batches.stream().mapToLong(MicroBatch::triggerExecutionMs).sum(), onSchedule);
    }

    /** From the first batch's start to the last one's end. */
    private static long span(MicroBatch first, MicroBatch last) {
        return Math.max(0, last.timestampMs() + last.triggerExecutionMs() - first.timestampMs());
    }

    /** Hours the log saw the query. */
    public double observedHours() {
        return observedMs / MS_PER_HOUR;
    }

    /** {@code amount} over {@code ms} milliseconds, as a rate an hour (0 over no time). */
    public static double perHour(double amount, long ms) {
        return ms > 0 ? amount * MS_PER_HOUR / ms : 0;
    }

    /** Time batches ran over the time the query was seen (0 when it was seen for no time). */
    public double busyShare() {
        return observedMs > 0 ? Math.min(1, (double) busyMs / observedMs) : 0;
    }

    /** Core-hours an hour of {@code share} of the cluster's time. */
    public double coreHoursPerHour(double share) {
        return slots * share;
    }

    /** Node-hours an hour of {@code share} of the cluster's time (0 when the cluster is unknown). */
    public double nodeHoursPerHour(double share) {
        return workers * share;
    }

    public double dollarsPerHour(double share) {
        return dollarsPerHour * share;
    }

    /** {@code share} of the cluster over the time the log saw the query: the saving on this run. */
    public Savings savingsOnRun(double share) {
        double hours = observedHours();
        return new Savings(0, Format.round(coreHoursPerHour(share) * hours), Format.round(nodeHoursPerHour(share) * hours),
                Format.round(dollarsPerHour(share) * hours), false, List.of());
    }

    /**
     * The figures of {@code share} of the cluster for a message: core-hours, node-hours and list dollars an hour and a
     * week, and on the run the log saw ({@code onSchedule}: for a job on a schedule, which says them per run).
     */
    public Map<String, Object> words(double share) {
        Savings onRun = savingsOnRun(share);
        return Map.of("onSchedule", onSchedule, "coreHoursOnRun", Format.decimals(onRun.coreHours(), 2),
                "dollarsOnRun", String.format(Locale.ROOT, "$%.2f", onRun.dollars()),
                "coreHoursPerHour", Format.decimals(coreHoursPerHour(share), 2),
                "coreHoursPerWeek", Format.decimals(coreHoursPerHour(share) * HOURS_PER_WEEK, 1),
                "nodeHoursPerWeek", Format.decimals(nodeHoursPerHour(share) * HOURS_PER_WEEK, 1),
                "priced", dollarsPerHour > 0,
                "dollarsPerHour", String.format(Locale.ROOT, "$%.2f", dollarsPerHour(share)),
                "dollarsPerWeek", String.format(Locale.ROOT, "$%.0f", dollarsPerHour(share) * HOURS_PER_WEEK));
    }
}
