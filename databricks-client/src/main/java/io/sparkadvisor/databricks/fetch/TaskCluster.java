package io.sparkadvisor.databricks.fetch;

import com.databricks.sdk.service.compute.ClusterSpec;
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
 * task's {@code new_cluster}, or the shared {@code job_clusters} entry of its {@code job_cluster_key});
 * no declared spec for a task on an existing all-purpose cluster.
 */
record TaskCluster(String clusterId, String sparkContextId, List<String> taskKeys, ClusterSpec declaredSpec) {

    /** Tasks that never got a cluster (skipped, serverless) are left out. */
    static List<TaskCluster> of(Run run) {
        Map<String, List<RunTask>> byCluster = orEmpty(run.getTasks()).stream()
                .filter(t -> t.getClusterInstance() != null && t.getClusterInstance().getClusterId() != null)
                .collect(Collectors.groupingBy(t -> t.getClusterInstance().getClusterId(), LinkedHashMap::new, Collectors.toList()));
        return byCluster.entrySet().stream().map(e -> {
            RunTask first = e.getValue().get(0);
            return new TaskCluster(e.getKey(), first.getClusterInstance().getSparkContextId(),
                    e.getValue().stream().map(RunTask::getTaskKey).toList(), declaredSpec(run, first));
        }).toList();
    }

    private static ClusterSpec declaredSpec(Run run, RunTask task) {
        if (task.getNewCluster() != null) {
            return task.getNewCluster();
        }
        return orEmpty(run.getJobClusters()).stream()
                .filter(jc -> Objects.equals(jc.getJobClusterKey(), task.getJobClusterKey()))
                .map(JobCluster::getNewCluster).findFirst().orElse(null);
    }

    private static <T> Collection<T> orEmpty(Collection<T> items) {
        return Optional.ofNullable(items).orElse(List.of());
    }
}
