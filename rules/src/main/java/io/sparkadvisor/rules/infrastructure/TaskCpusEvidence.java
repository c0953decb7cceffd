package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.List;

/**
 * A stage whose tasks keep more than one core busy each (CPU time above run time: the task runs
 * threads of its own), so the scheduler's one-core-per-task count overcommits the node. JSON
 * evidence keys: stageId, tasks, cpuTimeMs, runTimeMs, cpuPerRun, stageWallMs, appShare,
 * executorCores, proposedTaskCpus.
 */
public record TaskCpusEvidence(int stageId, int tasks, long cpuTimeMs, long runTimeMs, long stageWallMs,
        double appShare, int executorCores, int currentTaskCpus) {

    public static List<TaskCpusEvidence> of(RunView run) {
        return run.finalStages().stream().filter(s -> s.successfulTasks() > 0).map(s -> of(run, s)).toList();
    }

    private static TaskCpusEvidence of(RunView run, StageFacts s) {
        return new TaskCpusEvidence(s.stageId(), s.successfulTasks(), s.sum(TaskMetric.EXECUTOR_CPU_TIME),
                Math.max(1, s.sum(TaskMetric.EXECUTOR_RUN_TIME)), s.wallMs(), (double) s.wallMs() / run.appDurationMs(),
                run.workerCores(), run.facts().properties().taskCpus());
    }

    public double cpuPerRun() {
        return (double) cpuTimeMs / runTimeMs;
    }

    /** Cores a task actually keeps busy, rounded, within what one executor has. */
    public int proposedTaskCpus() {
        return (int) Math.max(2, Math.min(executorCores, Math.round(cpuPerRun() * currentTaskCpus)));
    }
}
