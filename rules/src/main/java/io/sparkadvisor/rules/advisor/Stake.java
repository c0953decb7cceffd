package io.sparkadvisor.rules.advisor;

import static io.sparkadvisor.rules.thresholds.GeneralThresholds.MIN_SAVED_CORE_HOURS;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.MIN_SAVED_CORE_HOURS_PER_WEEK;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.MIN_SAVED_DOLLARS;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.MIN_SAVED_DOLLARS_PER_WEEK;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.MIN_SAVED_MS;
import static io.sparkadvisor.rules.thresholds.GeneralThresholds.STAKE;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.NodePrices;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.rules.streaming.AlwaysOn;
import io.sparkadvisor.rules.thresholds.Threshold;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Optional;

/**
 * What a run puts at stake, against which a finding's saving is weighed: its wall time, the core-hours paid for (the
 * cluster's workers when known, else the log's slots) and the workers' list cost (0 when the node's price is unknown).
 * A rule's ladder proposes a severity; the stake caps it. A saving counts in a measure (wall time, core-hours, dollars)
 * when it reaches that measure's absolute floor ({@code general.minSavedMs}, {@code .minSavedCoreHours},
 * {@code .minSavedDollarsPerRun}); the largest share of the run among the measures that count then sets the cap
 * ({@link io.sparkadvisor.rules.thresholds.GeneralThresholds#STAKE}: low under {@code general.minSavedShare}, medium
 * under {@code general.highAppShare}). A finding with a {@link Finding#risk()} (a reliability risk) keeps the severity
 * its rule gave it: its risk sentence says why it ranks above its saving.
 *
 * <p>A run with an always-on streaming query never ends: what it saves it saves every hour of the cluster
 * ({@link AlwaysOn}). Its core-hours and dollars are then judged as a share of the cluster's time while the log saw the
 * query, and count from a floor a week ({@code general.minSavedCoreHoursPerWeek}, {@code .minSavedDollarsPerWeek}),
 * however few minutes the log holds; its wall time is judged as a batch run's.
 *
 * @param runMs the run's wall time
 * @param runCoreHours core-hours the run paid for (of an always-on query: its slots over the hours the log saw it)
 * @param runDollars the workers' list cost of the run (of an always-on query: over those hours), 0 when unknown
 * @param alwaysOnHours the hours the log saw an always-on streaming query; 0 for a batch run
 */
public record Stake(long runMs, double runCoreHours, double runDollars, double alwaysOnHours) {
    private static final double MS_PER_HOUR = 3_600_000.0;

    /** A batch run's stake. */
    public Stake(long runMs, double runCoreHours, double runDollars) {
        this(runMs, runCoreHours, runDollars, 0);
    }

    public static Stake of(RunView run) {
        long ms = run.appDurationMs();
        Optional<AlwaysOn> streaming = AlwaysOn.longestOf(run);
        if (streaming.isPresent()) {
            AlwaysOn c = streaming.get();
            double hours = c.observedHours();
            return new Stake(ms, c.coreHoursPerHour(1) * hours, c.dollarsPerHour(1) * hours, hours);
        }
        if (run.serverless().isPresent()) {
            // Serverless bills DBUs, not cores: the run's billed list cost is its stake.
            return new Stake(ms, 0, run.serverless().get().dollars());
        }
        double hours = ms / MS_PER_HOUR;
        Optional<ClusterShape> cluster = run.cluster();
        Optional<NodeType> worker = cluster.flatMap(ClusterShape::workerNode);
        int workers = cluster.map(ClusterShape::billedWorkers).orElse(1);
        double coreHours = worker.map(n -> workers * n.numCores() * hours)
                .orElse(run.facts().slots().slotMs() / MS_PER_HOUR);
        double dollars = worker.flatMap(n -> NodePrices.of(n.nodeTypeId())).map(p -> workers * p.dollarsPerHour() * hours).orElse(0.0);
        return new Stake(ms, coreHours, dollars);
    }

    /** The highest severity this saving can carry on this run. */
    public Severity cap(Savings s, Thresholds t) {
        double share = Math.max(shareIfWorth(s.runtimeMs(), runMs, t.get(MIN_SAVED_MS)),
                Math.max(shareIfWorth(s.coreHours(), runCoreHours, floor(t, MIN_SAVED_CORE_HOURS, MIN_SAVED_CORE_HOURS_PER_WEEK)),
                        shareIfWorth(s.dollars(), runDollars, floor(t, MIN_SAVED_DOLLARS, MIN_SAVED_DOLLARS_PER_WEEK))));
        return STAKE.of(t, share);
    }

    /** A batch run's floor per run; an always-on query's floor a week, over the hours the log saw it. */
    private double floor(Thresholds t, Threshold perRun, Threshold perWeek) {
        return alwaysOnHours > 0 ? t.get(perWeek) * alwaysOnHours / AlwaysOn.HOURS_PER_WEEK : t.get(perRun);
    }

    /** The finding with its severity capped by its saving, unless it is a reliability risk. */
    public Finding judge(Finding f, Thresholds t) {
        Severity severity = f.risk().isEmpty() ? Severity.lowest(f.severity(), cap(f.savings(), t)) : f.severity();
        return f.withSeverity(severity);
    }

    /** The saving's share of the run in one measure; 0 when it is below that measure's floor or the run's size is unknown. */
    private static double shareIfWorth(double saved, double ofRun, double floor) {
        return saved > 0 && saved >= floor && ofRun > 0 ? saved / ofRun : 0;
    }
}
