package io.sparkadvisor.rules.serverless.performancemode;

import io.sparkadvisor.knowledge.serverless.PerformanceMode;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The job's performance_target to STANDARD: the saving is the run's cost times the reduction (the job's own runs in
 * each mode when it has enough of them, else the assumed one, an estimate). The check after the next run: it ended no
 * later than this run's duration plus standard's start delay, and cost less than this run (when billing priced it).
 */
final class PerformanceModeAdvice {
    private PerformanceModeAdvice() {}

    static Remedy remedy(PerformanceModeEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("dollars", Format.decimals(e.runDollars(), 2));
        scope.put("dbus", Format.decimals(e.runDbus(), 1));
        scope.put("saved", Format.decimals(e.runDollars() * e.reduction(), 2));
        scope.put("savedDbus", Format.decimals(e.runDbus() * e.reduction(), 1));
        scope.put("reduction", Format.percent(e.reduction()));
        scope.put("delay", Format.duration(e.startDelayMs()));
        scope.put("run", Format.duration(e.runMs()));
        scope.put("bound", Format.duration(e.runMs() + e.startDelayMs()));
        scope.put("measured", e.measured());
        scope.put("optimizedRuns", e.optimizedRuns());
        scope.put("standardRuns", e.standardRuns());
        scope.put("optimizedMean", Format.decimals(e.optimizedMeanDollars(), 2));
        scope.put("standardMean", Format.decimals(e.standardMeanDollars(), 2));
        scope.put("optimizedMs", Format.duration(e.optimizedMeanMs()));
        scope.put("standardMs", Format.duration(e.standardMeanMs()));
        Messages m = Messages.of(PerformanceModeRule.ID, scope, t);
        MetricCheck endsInTime = new MetricCheck(Metric.APP_DURATION_MS.ofRun(), MetricCheck.Comparison.AT_MOST,
                e.runMs() + e.startDelayMs(), m.text("endsInTime"));
        // Billing's figure for this run is the baseline: an event-log run's facts have no cost to measure it on later.
        MetricCheck cheaper = new MetricCheck(Metric.RUN_DOLLARS.ofRun(), MetricCheck.Comparison.BELOW, e.runDollars(), m.text("cheaper"),
                e.runDollars());
        Step step = new Step(1, List.of(Change.job("performance_target", PerformanceMode.STANDARD.name())), m.list("checks"),
                m.text("rollback"), e.runDollars() > 0 ? List.of(endsInTime, cheaper) : List.of(endsInTime));
        Savings saving = new Savings(0, 0, 0, Format.round(e.runDollars() * e.reduction()), !e.measured(), List.of());
        return Remedy.of(m, "summary", List.of(step), saving);
    }
}
