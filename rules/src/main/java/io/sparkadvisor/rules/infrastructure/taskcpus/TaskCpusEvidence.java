package io.sparkadvisor.rules.infrastructure.taskcpus;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * A stage whose tasks keep more than one core busy each (CPU time above run time: the task runs
 * threads of its own), so the scheduler's one-core-per-task count overcommits the node.
 *
 * @param stageId the stage
 * @param tasks successful tasks of the stage
 * @param cpuTimeMs executor CPU time of the stage's tasks, summed
 * @param runTimeMs executor run time of the stage's tasks, summed (at least 1)
 * @param cpuPerRun cores a task keeps busy on average: CPU time / run time
 * @param stageWallMs the stage's wall time, submission to completion
 * @param appShare the stage's wall time / the run's duration
 * @param executorCores cores of an executor
 * @param currentTaskCpus spark.task.cpus as set
 * @param proposedTaskCpus cores a task actually keeps busy, rounded, more than it has now and within what one executor has
 */
public record TaskCpusEvidence(int stageId, int tasks, long cpuTimeMs, long runTimeMs, double cpuPerRun, long stageWallMs,
        double appShare, int executorCores, int currentTaskCpus, int proposedTaskCpus) implements Evidence {

    public static List<TaskCpusEvidence> of(RunView run, Thresholds t) {
        return run.finalStages().stream().filter(s -> s.successfulTasks() > 0).map(s -> of(run, s)).toList();
    }

    private static TaskCpusEvidence of(RunView run, StageFacts s) {
        return of(s.stageId(), s.successfulTasks(), s.sum(TaskMetric.EXECUTOR_CPU_TIME),
                Math.max(1, s.sum(TaskMetric.EXECUTOR_RUN_TIME)), s.wallMs(), (double) s.wallMs() / run.appDurationMs(),
                run.workerCores(), run.facts().properties().taskCpus());
    }

    /** The evidence from a stage's sums, with the ratio and the proposal computed. */
    public static TaskCpusEvidence of(int stageId, int tasks, long cpuTimeMs, long runTimeMs, long stageWallMs, double appShare,
            int executorCores, int currentTaskCpus) {
        double cpuPerRun = (double) cpuTimeMs / runTimeMs;
        int proposed = (int) Math.min(Math.max(executorCores, 1), Math.max(currentTaskCpus + 1, Math.round(cpuPerRun)));
        return new TaskCpusEvidence(stageId, tasks, cpuTimeMs, runTimeMs, cpuPerRun, stageWallMs, appShare, executorCores,
                currentTaskCpus, proposed);
    }

    @Override
    public List<Integer> stageIds() {
        return List.of(stageId);
    }

    /** Busy cores per core the scheduler reserves for a task: what the rule decides on, so it goes quiet once spark.task.cpus fits. */
    public double cpuPerReservedCore() {
        return cpuPerRun / Math.max(1, currentTaskCpus);
    }
}
