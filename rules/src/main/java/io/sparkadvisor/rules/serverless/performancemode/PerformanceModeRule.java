package io.sparkadvisor.rules.serverless.performancemode;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.PERFORMANCE_MODES;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * serverless-performance-mode: a serverless job runs performance-optimized though nothing says its start time
 * matters: standard mode takes fewer DBUs at the same price; decided in serverless-performance-mode.drl, advised by
 * {@link PerformanceModeAdvice}. The change is the job's {@code performance_target}, which the bot can apply.
 */
public final class PerformanceModeRule {
    public static final String ID = "serverless-performance-mode";
    private static final String NOPS = "https://help.nops.io/inform/supported-recommendations/use-standard-performance-mode-for-serverless-databricks-jobs";

    public static final Threshold START_DELAY_MS = new Threshold(ID + ".startDelayMs", 360_000, 0, 3_600_000, "milliseconds",
            "How much later a run in standard mode may start than in performance-optimized mode.",
            PERFORMANCE_MODES + " (standard starts in 4-6 minutes, performance-optimized in under one)");
    public static final Threshold MIN_RUNS_PER_MODE = new Threshold(ID + ".minRunsPerMode", 3, 1, 1000, "runs",
            "Runs needed in each mode before the job's own history, not the assumed reduction, gives the DBU difference.",
            NOPS + " (at least 3 runs in each mode)");
    public static final Threshold ASSUMED_REDUCTION = new Threshold(ID + ".assumedReduction", 0.3, 0, 1, "fraction of the run's cost",
            "The cost standard mode is assumed to save when the job has too few runs in each mode to measure it.",
            PERFORMANCE_MODES + " (fewer DBUs, no figure published); " + OURS + "30%, under nOps' 70% cap");
    public static final Threshold MAX_REDUCTION = new Threshold(ID + ".maxReduction", 0.7, 0, 1, "fraction of the run's cost",
            "The most a measured difference between the modes is believed: above it the runs did different work.",
            NOPS + " (reduction capped at 70%)");

    public static final Rule<PerformanceModeEvidence> RULE = new Rule<>(ID, Layer.INFRASTRUCTURE, PerformanceModeEvidence.class,
            PerformanceModeEvidence::of, PerformanceModeAdvice::remedy,
            List.of(START_DELAY_MS, MIN_RUNS_PER_MODE, ASSUMED_REDUCTION, MAX_REDUCTION), List.of(), FindingChart.NONE);

    private PerformanceModeRule() {}
}
