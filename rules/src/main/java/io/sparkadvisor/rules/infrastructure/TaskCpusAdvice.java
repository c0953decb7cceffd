package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Tells the scheduler how many cores a task really uses: spark.task.cpus = CPU time / run time, rounded. */
public final class TaskCpusAdvice {
    public static final String RULE = "task-cpus";

    private TaskCpusAdvice() {}

    public static Finding finding(TaskCpusEvidence e, Severity severity) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("cpuPerRun", Format.ratio(e.cpuPerRun()));
        scope.put("cpu", Format.duration(e.cpuTimeMs()));
        scope.put("run", Format.duration(e.runTimeMs()));
        scope.put("taskCpus", e.proposedTaskCpus());
        scope.put("cores", e.executorCores());
        scope.put("concurrent", Math.max(1, e.executorCores() / e.proposedTaskCpus()));
        scope.put("appShare", Format.percent(e.appShare()));
        Messages m = Messages.of(RULE, scope);
        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("stageId", e.stageId());
        evidence.put("tasks", e.tasks());
        evidence.put("cpuTimeMs", e.cpuTimeMs());
        evidence.put("runTimeMs", e.runTimeMs());
        evidence.put("cpuPerRun", Format.round(e.cpuPerRun()));
        evidence.put("stageWallMs", e.stageWallMs());
        evidence.put("appShare", Format.round(e.appShare()));
        evidence.put("executorCores", e.executorCores());
        evidence.put("proposedTaskCpus", e.proposedTaskCpus());
        Step step = new Step(1, List.of(Change.sparkConf("spark.task.cpus", e.proposedTaskCpus())), m.list("checks"),
                m.text("rollback"));
        return new Finding(RULE, Layer.INFRASTRUCTURE, severity, m.text("title"), List.of(e.stageId()), evidence,
                new Recommendation(m.text("summary"), m.list("preconditions"), List.of(step), m.text("proof"), m.text("experiment")),
                Savings.NONE);
    }
}
