package io.sparkadvisor.databricks.fetch;

import com.databricks.sdk.service.compute.ClusterDetails;
import com.databricks.sdk.service.jobs.Run;
import io.sparkadvisor.databricks.SdkJson;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.WorkspaceSource;
import io.sparkadvisor.databricks.resolve.RunRef;
import java.util.List;
import java.util.Optional;

/** Reads everything about one run: the run, its job's settings, each cluster it used and that cluster's log. */
public final class RunFetcher {
    private final WorkspaceSource source;
    private final EventLogLocator logs;

    public RunFetcher(WorkspaceSource source) {
        this.source = source;
        this.logs = new EventLogLocator(source);
    }

    public RunTelemetry fetch(RunRef ref) {
        Run run = source.run(ref.runId());
        var clusters = TaskCluster.of(run).stream().map(c -> cluster(run, c)).toList();
        return new RunTelemetry(ref, RunSummary.of(run), jobSettingsJson(run.getJobId()), clusters, SdkJson.write(source.nodeTypes()));
    }

    private ClusterTelemetry cluster(Run run, TaskCluster cluster) {
        Optional<ClusterDetails> details = source.cluster(cluster.clusterId());
        String declared = cluster.declaredSpec() == null ? null : SdkJson.write(cluster.declaredSpec());
        String json = details.map(SdkJson::write).orElse(declared);
        long from = Optional.ofNullable(run.getStartTime()).orElse(0L);
        long to = Optional.ofNullable(run.getEndTime()).filter(t -> t > 0).orElse(System.currentTimeMillis());
        List<ClusterEventSummary> events = List.of();
        String eventsUnavailable = null;
        try {
            events = source.clusterEvents(cluster.clusterId(), from, to).stream().map(ClusterEventSummary::of).toList();
        } catch (WorkspaceNotFoundException deleted) {
            // clusters/events answers 400 "does not exist" for a deleted (or pruned) cluster. The run still
            // holds the cluster's spec and the delivered logs outlive the cluster, so the analysis goes on.
            eventsUnavailable = eventsOfDeletedCluster(cluster, details.isEmpty() && cluster.declaredSpec() != null);
        }
        return new ClusterTelemetry(cluster.clusterId(), cluster.taskKeys(), json, events, eventsUnavailable,
                logs.locate(cluster, details), declared);
    }

    private static String eventsOfDeletedCluster(TaskCluster cluster, boolean specFromTheRun) {
        return "The events of cluster " + cluster.clusterId() + " (resizes, lost nodes, autoscaling) are unavailable"
                + " because the cluster was deleted; this analysis uses " + (specFromTheRun ? "the cluster spec recorded"
                + " with the run and " : "") + "the delivered logs, without cluster events.";
    }

    private String jobSettingsJson(Long jobId) {
        if (jobId == null) {
            return null;
        }
        try {
            return source.jobSettings(jobId).toString();
        } catch (WorkspaceNotFoundException deletedSinceTheRun) {
            return null;
        }
    }
}
