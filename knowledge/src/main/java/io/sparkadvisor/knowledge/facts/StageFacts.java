package io.sparkadvisor.knowledge.facts;

import java.util.List;
import java.util.Map;

/**
 * One attempt of a stage with its task distributions. {@code durationSample} is the task durations
 * in launch order, kept whole up to a bound and evenly thinned beyond it (each entry then stands
 * for {@code successfulTasks / durationSample.size()} tasks), for the what-if replay. Plan nodes
 * name the stages that ran them ({@link PlanNode#stageIds()}). {@code queuedTaskMs} sums, over the
 * successful tasks, the time from the stage's submission to the task's launch: time spent waiting for a slot.
 */
public record StageFacts(int stageId, int attemptId, String name, int numTasks, List<Integer> parentIds,
        long submittedMs, long completedMs, String status, String failureReason, long sqlExecutionId,
        int successfulTasks, int failedTasks, int killedTasks, Map<TaskMetric, Distribution> metrics,
        long queuedTaskMs, List<Long> durationSample) {

    public long wallMs() {
        return Math.max(0, completedMs - submittedMs);
    }

    public Distribution metric(TaskMetric metric) {
        return metrics.getOrDefault(metric, Distribution.EMPTY);
    }

    public long sum(TaskMetric metric) {
        return metric(metric).sum();
    }
}
