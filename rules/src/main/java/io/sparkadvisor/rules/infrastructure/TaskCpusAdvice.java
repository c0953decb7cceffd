package io.sparkadvisor.rules.infrastructure;

import static io.sparkadvisor.rules.thresholds.InfrastructureThresholds.TASK_CPUS_MIN_CPU_PER_RUN;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tells the scheduler how many cores a task really uses: spark.task.cpus = CPU time / run time, rounded.
 * The follow-up measures the stage's CPU time per run time under the rule's own floor per reserved
 * core, and the stage and the run at most {@code followUp.tradeOffRatio} slower.
 */
public final class TaskCpusAdvice {
    public static final String RULE = "task-cpus";

    private TaskCpusAdvice() {}

    public static Finding finding(TaskCpusEvidence e, Thresholds t, Severity severity) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("cpuPerRun", Format.ratio(e.cpuPerRun()));
        scope.put("cpu", Format.duration(e.cpuTimeMs()));
        scope.put("run", Format.duration(e.runTimeMs()));
        scope.put("taskCpus", e.proposedTaskCpus());
        scope.put("reserved", e.currentTaskCpus());
        scope.put("cores", e.executorCores());
        scope.put("concurrent", Math.max(1, e.executorCores() / e.proposedTaskCpus()));
        scope.put("appShare", Format.percent(e.appShare()));
        Messages m = Messages.of(RULE, scope, t);
        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("stageId", e.stageId());
        evidence.put("tasks", e.tasks());
        evidence.put("cpuTimeMs", e.cpuTimeMs());
        evidence.put("runTimeMs", e.runTimeMs());
        evidence.put("cpuPerRun", Format.round(e.cpuPerRun()));
        evidence.put("stageWallMs", e.stageWallMs());
        evidence.put("appShare", Format.round(e.appShare()));
        evidence.put("executorCores", e.executorCores());
        evidence.put("currentTaskCpus", e.currentTaskCpus());
        evidence.put("proposedTaskCpus", e.proposedTaskCpus());
        Step step = new Step(1, List.of(Change.sparkConf("spark.task.cpus", e.proposedTaskCpus())), m.list("checks"),
                m.text("rollback"), List.of(cpuPerReservedCore(e, t), Checks.ofStage(e.stageId()).notMuchSlower(t),
                        Checks.ofRun().notMuchSlower(t)));
        return new Finding(RULE, Layer.INFRASTRUCTURE, severity, m.text("title"), List.of(e.stageId()), evidence,
                new Recommendation(m.text("summary"), m.list("preconditions"), List.of(step), m.text("proof"), m.text("experiment")),
                Savings.NONE);
    }

    /** About one busy core per reserved core: below the rule's own floor per core. */
    private static MetricCheck cpuPerReservedCore(TaskCpusEvidence e, Thresholds t) {
        double bound = e.proposedTaskCpus() * t.get(TASK_CPUS_MIN_CPU_PER_RUN);
        return new MetricCheck(RunMetrics.stageCpuShare(e.stageId()), Comparison.BELOW, bound,
                "tasks of stage " + e.stageId() + " keep fewer than " + Format.ratio(bound) + " cores busy (" + e.proposedTaskCpus()
                        + " reserved; they kept " + Format.ratio(e.cpuPerRun()) + ")");
    }
}
