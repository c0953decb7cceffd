package io.sparkadvisor.databricks.fetch;

import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunLifeCycleState;
import com.databricks.sdk.service.jobs.RunTask;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the rest of the product needs of a Jobs run, free of SDK types: identity, outcome, the
 * setup/execution/cleanup split of its time, and its tasks. Durations are milliseconds (0 when the
 * API gave none); times epoch milliseconds.
 *
 * @param serverless every task ran on serverless compute: none names a cluster (no new_cluster, job_cluster_key,
 *                   existing_cluster_id or cluster instance), so the run has no event log and no cluster to read
 */
public record RunSummary(long runId, Long jobId, String runName, String lifeCycleState, String resultState,
        long startMs, long endMs, long setupMs, long executionMs, long cleanupMs, String runPageUrl,
        List<String> jobClusterKeys, List<Task> tasks, boolean serverless) {

    /** One task of the run and the part of its time spent before, in and after execution. */
    public record Task(String taskKey, long runId, String clusterId, String resultState, long setupMs, long executionMs,
            long cleanupMs) {}

    /** Life cycle states after which a run changes no more (the Jobs API's terminal states). */
    public static final Set<RunLifeCycleState> COMPLETED =
            Set.of(RunLifeCycleState.TERMINATED, RunLifeCycleState.SKIPPED, RunLifeCycleState.INTERNAL_ERROR);

    /** How a run ended, as the Jobs API's result state says; {@link #OTHER} for none yet or a state this client does not name. */
    public enum Result {
        SUCCESS, SUCCESS_WITH_FAILURES, FAILED, TIMEDOUT, CANCELED, OTHER;

        static Result of(String state) {
            for (Result r : values()) {
                if (r != OTHER && r.name().equals(state)) {
                    return r;
                }
            }
            return OTHER;
        }
    }

    /** The result state as a {@link Result}. */
    public Result result() {
        return Result.of(resultState);
    }

    /** The run has ended: its clusters write no more to its event logs (delivery of the last part may still lag). */
    public boolean completed() {
        return COMPLETED.stream().anyMatch(state -> state.toString().equals(lifeCycleState));
    }

    static RunSummary of(Run run) {
        List<String> clusterKeys = run.getJobClusters() == null ? List.of()
                : run.getJobClusters().stream().map(c -> c.getJobClusterKey()).toList();
        List<Task> tasks = run.getTasks() == null ? List.of() : run.getTasks().stream().map(RunSummary::task).toList();
        return new RunSummary(orZero(run.getRunId()), run.getJobId(), run.getRunName(),
                run.getState() == null || run.getState().getLifeCycleState() == null ? "" : run.getState().getLifeCycleState().toString(),
                run.getState() == null || run.getState().getResultState() == null ? "" : run.getState().getResultState().toString(),
                orZero(run.getStartTime()), orZero(run.getEndTime()), orZero(run.getSetupDuration()),
                orZero(run.getExecutionDuration()), orZero(run.getCleanupDuration()), run.getRunPageUrl(), clusterKeys, tasks,
                serverless(run));
    }

    private static boolean serverless(Run run) {
        return run.getTasks() != null && !run.getTasks().isEmpty() && run.getClusterInstance() == null && run.getClusterSpec() == null
                && run.getTasks().stream().allMatch(t -> t.getNewCluster() == null && t.getJobClusterKey() == null
                        && t.getExistingClusterId() == null && t.getClusterInstance() == null);
    }

    private static Task task(RunTask t) {
        String cluster = Optional.ofNullable(t.getClusterInstance()).map(c -> c.getClusterId())
                .orElse(t.getExistingClusterId());
        String result = t.getState() == null || t.getState().getResultState() == null ? "" : t.getState().getResultState().toString();
        return new Task(t.getTaskKey(), orZero(t.getRunId()), cluster, result, orZero(t.getSetupDuration()),
                orZero(t.getExecutionDuration()), orZero(t.getCleanupDuration()));
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }
}
