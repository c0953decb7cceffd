package io.sparkadvisor.databricks.fetch;

import com.databricks.sdk.service.compute.ClusterSpec;
import com.databricks.sdk.service.jobs.ClusterInstance;
import com.databricks.sdk.service.jobs.JobCluster;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunTask;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A cluster instance some tasks of a run ran on, with the spec the job declared for it (the
 * task's {@code new_cluster}, the shared {@code job_clusters} entry of its {@code job_cluster_key},
 * or the run's own {@code cluster_spec}); no declared spec for a task on an existing all-purpose
 * cluster. The declared spec is what is left to read once the cluster itself has been deleted.
 */
record TaskCluster(String clusterId, String sparkContextId, List<String> taskKeys, ClusterSpec declaredSpec) {

    /** Tasks that never got a cluster (skipped, serverless) are left out. */
    static List<TaskCluster> of(Run run) {
        Map<String, List<RunTask>> byCluster = orEmpty(run.getTasks()).stream()
                .filter(t -> t.getClusterInstance() != null && t.getClusterInstance().getClusterId() != null)
                .collect(Collectors.groupingBy(t -> t.getClusterInstance().getClusterId(), LinkedHashMap::new, Collectors.toList()));
        if (byCluster.isEmpty()) {
            return runLevel(run).map(List::of).orElse(List.of());
        }
        return byCluster.entrySet().stream().map(e -> {
            RunTask first = e.getValue().get(0);
            return new TaskCluster(e.getKey(), first.getClusterInstance().getSparkContextId(),
                    e.getValue().stream().map(RunTask::getTaskKey).toList(), declaredSpec(run, first));
        }).toList();
    }

    /** A single-task run in the older shape names its cluster on the run itself, not on a task. */
    private static Optional<TaskCluster> runLevel(Run run) {
        ClusterInstance instance = run.getClusterInstance();
        if (instance == null || instance.getClusterId() == null) {
            return Optional.empty();
        }
        List<String> keys = orEmpty(run.getTasks()).stream().map(RunTask::getTaskKey).filter(Objects::nonNull).toList();
        return Optional.of(new TaskCluster(instance.getClusterId(), instance.getSparkContextId(), keys, runSpec(run)));
    }

    private static ClusterSpec declaredSpec(Run run, RunTask task) {
        if (task.getNewCluster() != null) {
            return task.getNewCluster();
        }
        return orEmpty(run.getJobClusters()).stream()
                .filter(jc -> Objects.equals(jc.getJobClusterKey(), task.getJobClusterKey()))
                .map(JobCluster::getNewCluster).filter(Objects::nonNull).findFirst()
                .orElseGet(() -> sameCluster(run, task) ? runSpec(run) : null);
    }

    private static boolean sameCluster(Run run, RunTask task) {
        return run.getClusterInstance() != null
                && Objects.equals(run.getClusterInstance().getClusterId(), task.getClusterInstance().getClusterId());
    }

    private static ClusterSpec runSpec(Run run) {
        return run.getClusterSpec() == null ? null : run.getClusterSpec().getNewCluster();
    }

    private static <T> Collection<T> orEmpty(Collection<T> items) {
        return Optional.ofNullable(items).orElse(List.of());
    }
}
