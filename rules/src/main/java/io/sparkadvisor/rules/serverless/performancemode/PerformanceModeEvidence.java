package io.sparkadvisor.rules.serverless.performancemode;

import io.sparkadvisor.knowledge.serverless.PerformanceMode;
import io.sparkadvisor.knowledge.serverless.RecentRun;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * A serverless job's performance mode, what its settings say about latency, and its recent runs in each mode.
 *
 * @param mode the job's performance mode
 * @param latencyReason why the run's start time matters: "continuous" (a continuous job), "durationAlert" (its duration
 *        health rule would fire with standard's slower start), or "" when nothing says so
 * @param durationAlertMs the job's RUN_DURATION_SECONDS health rule in milliseconds, 0 without one
 * @param runMs this run's duration
 * @param runDollars this run's list cost
 * @param runDbus this run's DBUs
 * @param optimizedRuns recent runs billed performance-optimized
 * @param standardRuns recent runs billed standard
 * @param optimizedMeanDollars their mean list cost per run
 * @param standardMeanDollars likewise in standard mode
 * @param optimizedMeanMs mean duration of the performance-optimized runs
 * @param standardMeanMs likewise in standard mode
 * @param measured both modes have enough runs: the reduction is the job's own
 * @param reduction the share of the run's cost standard saves: measured (capped), or the assumed one
 * @param startDelayMs how much later standard may start
 */
public record PerformanceModeEvidence(PerformanceMode mode, String latencyReason, long durationAlertMs, long runMs,
        double runDollars, double runDbus, int optimizedRuns, int standardRuns, double optimizedMeanDollars,
        double standardMeanDollars, long optimizedMeanMs, long standardMeanMs, boolean measured, double reduction,
        long startDelayMs) implements Evidence {
    public static List<PerformanceModeEvidence> of(RunView run, Thresholds t) {
        return run.serverless().filter(s -> !s.jobId().isEmpty()).map(s -> of(s, t)).stream().toList();
    }

    private static PerformanceModeEvidence of(ServerlessRun s, Thresholds t) {
        long delay = Math.round(t.get(PerformanceModeRule.START_DELAY_MS));
        long alert = s.durationAlertMs().orElse(0);
        String reason = s.continuous() ? "continuous" : alert > 0 && s.durationMs() + delay > alert ? "durationAlert" : "";
        List<RecentRun> optimized = s.recentRuns().stream().filter(r -> r.mode() == PerformanceMode.PERFORMANCE_OPTIMIZED).toList();
        List<RecentRun> standard = s.recentRuns().stream().filter(r -> r.mode() == PerformanceMode.STANDARD).toList();
        double optimizedDollars = mean(optimized, RecentRun::dollars);
        double standardDollars = mean(standard, RecentRun::dollars);
        int minRuns = (int) t.get(PerformanceModeRule.MIN_RUNS_PER_MODE);
        boolean measured = optimized.size() >= minRuns && standard.size() >= minRuns && optimizedDollars > 0;
        double reduction = measured ? Math.min(t.get(PerformanceModeRule.MAX_REDUCTION), 1 - standardDollars / optimizedDollars)
                : t.get(PerformanceModeRule.ASSUMED_REDUCTION);
        return new PerformanceModeEvidence(s.mode(), reason, alert, s.durationMs(), s.dollars(), s.dbus(), optimized.size(),
                standard.size(), optimizedDollars, standardDollars, Math.round(mean(optimized, r -> r.durationMs())),
                Math.round(mean(standard, r -> r.durationMs())), measured, reduction, delay);
    }

    private static double mean(List<RecentRun> runs, java.util.function.ToDoubleFunction<RecentRun> value) {
        return runs.stream().mapToDouble(value).average().orElse(0);
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }

    public boolean optimized() {
        return mode == PerformanceMode.PERFORMANCE_OPTIMIZED;
    }

    public boolean latencyCritical() {
        return !latencyReason.isEmpty();
    }
}
