package io.sparkadvisor.databricks.billing;

import com.databricks.sdk.service.compute.ClusterSpec;
import com.databricks.sdk.service.jobs.BaseRun;
import com.databricks.sdk.service.jobs.JobCluster;
import com.databricks.sdk.service.jobs.RunTask;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a completed job run kept busy, for estimating its cost where the billing tables cannot be
 * read: how long it ran and the job clusters it created. Runs on all-purpose clusters or serverless
 * have none here, as billing does not attribute those to the job either.
 */
public record RunUsage(long jobId, String jobName, long runId, long startMs, long endMs, List<Cluster> clusters) {
    public RunUsage {
        clusters = List.copyOf(clusters);
    }

    /**
     * A job cluster: its worker and driver node types and its workers; an autoscaling cluster
     * counts the middle of its range, as the run's own scaling is not in the API's answer.
     */
    public record Cluster(String nodeTypeId, String driverNodeTypeId, double workers) {}

    public static RunUsage of(BaseRun run) {
        List<Cluster> clusters = new ArrayList<>();
        Optional.ofNullable(run.getJobClusters()).orElse(List.of()).stream().map(JobCluster::getNewCluster)
                .map(RunUsage::cluster).flatMap(Optional::stream).forEach(clusters::add);
        Optional.ofNullable(run.getTasks()).orElse(List.of()).stream().map(RunTask::getNewCluster)
                .map(RunUsage::cluster).flatMap(Optional::stream).forEach(clusters::add);
        return new RunUsage(orZero(run.getJobId()), run.getRunName(), orZero(run.getRunId()), orZero(run.getStartTime()),
                orZero(run.getEndTime()), clusters);
    }

    private static Optional<Cluster> cluster(ClusterSpec spec) {
        if (spec == null || spec.getNodeTypeId() == null) {
            return Optional.empty();
        }
        double workers = spec.getAutoscale() != null
                ? (orZero(spec.getAutoscale().getMinWorkers()) + orZero(spec.getAutoscale().getMaxWorkers())) / 2.0
                : orZero(spec.getNumWorkers());
        String driver = Optional.ofNullable(spec.getDriverNodeTypeId()).orElse(spec.getNodeTypeId());
        return Optional.of(new Cluster(spec.getNodeTypeId(), driver, workers));
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }
}
