package io.sparkadvisor.rules.infrastructure.taskcpus;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Tells the scheduler how many cores a task really uses: spark.task.cpus = CPU time / run time, rounded.
 * The follow-up measures at most cores / spark.task.cpus tasks running at once per executor, and the stage and the
 * run at most {@code follow-up.tradeOffRatio} slower.
 */
final class TaskCpusAdvice {
    private TaskCpusAdvice() {}

    static Remedy remedy(TaskCpusEvidence e, Diagnosis d, Thresholds t) {
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
        Messages m = Messages.of(TaskCpusRule.ID, scope, t);
        // What spark.task.cpus moves: how many tasks share an executor's cores at once (a task's own CPU over its run
        // time stays what its threads make it, so it cannot show the change).
        MetricCheck fewerAtOnce = new MetricCheck(Metric.TASKS_AT_ONCE.ofRun(), Comparison.AT_MOST,
                Math.max(1, e.executorCores() / e.proposedTaskCpus()), m.text("atOnceCheck"));
        Step step = new Step(1, List.of(Change.sparkConf("spark.task.cpus", e.proposedTaskCpus())), m.list("checks"),
                m.text("rollback"), List.of(fewerAtOnce, Checks.ofStage(e.stageId()).notMuchSlower(t), Checks.ofRun().notMuchSlower(t)));
        return Remedy.of(m, "summary", List.of(step), Savings.NONE);
    }
}
