package io.sparkadvisor.knowledge.facts;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The machines' own view of a run, from {@code system.compute.node_timeline} (one row per node per minute): per minute,
 * the workers up and their mean CPU and memory use, over the run's window. The series is also the chart of nodes and
 * CPU over the run. The table arrives late (days after the run, per Databricks), so {@code availability} says whether
 * its rows were there; when they were not, {@code reason} says why and the rules judge from the log alone.
 *
 * @param availability whether the rows were read
 * @param reason why there are no rows (empty when measured): the table has none yet, or the advisor may not read it
 * @param minutes the run's minutes, oldest first (at most {@link #MAX_MINUTES}: longer runs are merged into wider points)
 */
public record NodeTimelineFacts(Availability availability, String reason, List<NodeMinute> minutes) {
    /** A day of minutes: the chart's points and the facts stay bounded however long the run. */
    public static final int MAX_MINUTES = 1_440;

    public enum Availability {
        /** Rows covered the run's window. */
        MEASURED,
        /** The table had no rows for the run's window yet. */
        NOT_YET,
        /** The advisor could not read the table (a missing grant, no warehouse). */
        UNREADABLE
    }

    /**
     * One minute (or, on a run longer than a day, a few minutes merged) of the cluster's workers (its driver when it has
     * none: a single-node cluster). Percentages are 0-100, the mean over the workers.
     *
     * @param startMs the minute's start, epoch milliseconds
     * @param endMs its end
     * @param workers workers with a row in it
     */
    public record NodeMinute(long startMs, long endMs, int workers, double cpuUserPercent, double cpuSystemPercent,
            double cpuWaitPercent, double memUsedPercent) {
        /** CPU doing work: user plus system (not I/O wait, which is idle CPU waiting on local disk). */
        public double cpuBusyPercent() {
            return cpuUserPercent + cpuSystemPercent;
        }
    }

    /** Median, 90th percentile and maximum of a per-minute series, 0-100. */
    public record Spread(double median, double p90, double max) {
        static Spread of(double[] values) {
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            return new Spread(rank(sorted, 0.5), rank(sorted, 0.9), sorted[sorted.length - 1]);
        }

        private static double rank(double[] sorted, double q) {
            return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1))];
        }
    }

    /**
     * The machines' use over some minutes.
     *
     * @param minutes the minutes summarised
     * @param peakWorkers the most workers up in one minute
     * @param cpuBusy user plus system CPU, per minute
     */
    public record MachineUse(int minutes, int peakWorkers, Spread cpuBusy, Spread cpuUser, Spread cpuSystem, Spread cpuWait,
            Spread memUsed) {}

    public NodeTimelineFacts {
        minutes = List.copyOf(minutes);
    }

    public static NodeTimelineFacts measured(List<NodeMinute> minutes) {
        if (minutes.isEmpty()) {
            throw new IllegalArgumentException("measured node_timeline facts need at least one minute");
        }
        return new NodeTimelineFacts(Availability.MEASURED, "", minutes);
    }

    public static NodeTimelineFacts notYet(String reason) {
        return new NodeTimelineFacts(Availability.NOT_YET, reason, List.of());
    }

    public static NodeTimelineFacts unreadable(String reason) {
        return new NodeTimelineFacts(Availability.UNREADABLE, reason, List.of());
    }

    /** The use over the whole run; empty when not measured. */
    public Optional<MachineUse> use() {
        return summarise(minutes);
    }

    /** The use over the minutes that overlap {@code [fromMs, toMs]} (a stage's window); empty when none do. */
    public Optional<MachineUse> useBetween(long fromMs, long toMs) {
        return summarise(minutes.stream().filter(m -> m.startMs() <= toMs && m.endMs() > fromMs).toList());
    }

    private static Optional<MachineUse> summarise(List<NodeMinute> in) {
        if (in.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new MachineUse(in.size(), in.stream().mapToInt(NodeMinute::workers).max().orElse(0),
                spread(in, NodeMinute::cpuBusyPercent), spread(in, NodeMinute::cpuUserPercent), spread(in, NodeMinute::cpuSystemPercent),
                spread(in, NodeMinute::cpuWaitPercent), spread(in, NodeMinute::memUsedPercent)));
    }

    private static Spread spread(List<NodeMinute> in, ToDoubleFunction<NodeMinute> value) {
        return Spread.of(in.stream().mapToDouble(value).toArray());
    }
}
