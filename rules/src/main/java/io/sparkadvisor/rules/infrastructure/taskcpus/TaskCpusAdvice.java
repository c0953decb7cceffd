package io.sparkadvisor.rules.infrastructure.taskcpus;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Tells the scheduler how many cores a task really uses: spark.task.cpus = CPU time / run time, rounded.
 * The follow-up measures the stage's CPU time per run time under the rule's own floor per reserved
 * core, and the stage and the run at most {@code follow-up.tradeOffRatio} slower.
 */
final class TaskCpusAdvice {
    private TaskCpusAdvice() {}

    static Remedy remedy(TaskCpusEvidence e, Diagnosis d, Thresholds t) {
        // About one busy core per reserved core: below the rule's own floor per core.
        double bound = e.proposedTaskCpus() * t.get(TaskCpusRule.MIN_CPU_PER_RUN);
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
        scope.put("bound", Format.ratio(bound));
        Messages m = Messages.of(TaskCpusRule.ID, scope, t);
        MetricCheck busyCores = new MetricCheck(RunMetrics.stageCpuShare(e.stageId()), Comparison.BELOW, bound, m.text("cpuCheck"));
        Step step = new Step(1, List.of(Change.sparkConf("spark.task.cpus", e.proposedTaskCpus())), m.list("checks"),
                m.text("rollback"), List.of(busyCores, Checks.ofStage(e.stageId()).notMuchSlower(t), Checks.ofRun().notMuchSlower(t)));
        return Remedy.of(m, "summary", List.of(step), Savings.NONE);
    }
}
