package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.List;

/**
 * A stage whose tasks keep more than one core busy each (CPU time above run time: the task runs
 * threads of its own), so the scheduler's one-core-per-task count overcommits the node. JSON
 * evidence keys: stageId, tasks, cpuTimeMs, runTimeMs, cpuPerRun, stageWallMs, appShare,
 * executorCores, currentTaskCpus, proposedTaskCpus.
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

    /** Cores a task keeps busy on average. */
    public double cpuPerRun() {
        return (double) cpuTimeMs / runTimeMs;
    }

    /** Busy cores per core the scheduler reserves for a task: what the rule decides on, so it goes quiet once spark.task.cpus fits. */
    public double cpuPerReservedCore() {
        return cpuPerRun() / Math.max(1, currentTaskCpus);
    }

    /** Cores a task actually keeps busy, rounded, more than it has now and within what one executor has. */
    public int proposedTaskCpus() {
        return (int) Math.min(Math.max(executorCores, 1), Math.max(currentTaskCpus + 1, Math.round(cpuPerRun())));
    }
}
