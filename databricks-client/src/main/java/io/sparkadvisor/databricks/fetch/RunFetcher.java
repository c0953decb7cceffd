package io.sparkadvisor.databricks.fetch;

import com.databricks.sdk.service.compute.ClusterDetails;
import com.databricks.sdk.service.compute.ListNodeTypesResponse;
import com.databricks.sdk.service.jobs.Run;
import io.sparkadvisor.databricks.SdkJson;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.WorkspaceSource;
import io.sparkadvisor.databricks.resolve.RunReads;
import io.sparkadvisor.databricks.resolve.RunRef;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Reads everything about one run: the run, its job's settings, each cluster it used and that
 * cluster's log. Reads that do not need each other's answers go out at once ({@link Concurrent});
 * their failures are thrown in the order the reads would have been made one after another.
 */
public final class RunFetcher {
    private final WorkspaceSource source;
    private final RunReads runs;
    private final EventLogLocator logs;

    public RunFetcher(WorkspaceSource source, RunReads runs) {
        this.source = source;
        this.runs = runs;
        this.logs = new EventLogLocator(source);
    }

    public RunTelemetry fetch(RunRef ref) {
        // the job named by the resolved reference is, but for a job deleted and recreated, the run's job
        CompletableFuture<String> refJob = Concurrent.start(() -> jobSettingsJson(ref.jobId()));
        CompletableFuture<ListNodeTypesResponse> nodeTypes = Concurrent.start(source::nodeTypes);
        Run run = runs.reuseOrRead(ref.runId());
        CompletableFuture<String> job = Objects.equals(ref.jobId(), run.getJobId()) ? refJob
                : Concurrent.start(() -> jobSettingsJson(run.getJobId()));
        var pending = TaskCluster.of(run).stream().map(c -> new PendingCluster(run, c)).toList();
        var clusters = pending.stream().map(PendingCluster::join).toList();
        return new RunTelemetry(ref, RunSummary.of(run), Concurrent.join(job), clusters, SdkJson.write(Concurrent.join(nodeTypes)));
    }

    /** One cluster's reads in flight: its details then its log's folders, and its events beside them. */
    private final class PendingCluster {
        private final TaskCluster cluster;
        private final CompletableFuture<Optional<ClusterDetails>> details;
        private final CompletableFuture<List<ClusterEventSummary>> events;
        private final CompletableFuture<EventLog> log;

        PendingCluster(Run run, TaskCluster cluster) {
            this.cluster = cluster;
            details = Concurrent.start(() -> source.cluster(cluster.clusterId()));
            long from = Optional.ofNullable(run.getStartTime()).orElse(0L);
            long to = Optional.ofNullable(run.getEndTime()).filter(t -> t > 0).orElse(System.currentTimeMillis());
            events = Concurrent.start(() -> source.clusterEvents(cluster.clusterId(), from, to).stream().map(ClusterEventSummary::of).toList());
            log = details.thenCompose(d -> Concurrent.start(() -> logs.locate(cluster, d)));
        }

        ClusterTelemetry join() {
            Optional<ClusterDetails> found = Concurrent.join(details);
            String declared = cluster.declaredSpec() == null ? null : SdkJson.write(cluster.declaredSpec());
            String json = found.map(SdkJson::write).orElse(declared);
            List<ClusterEventSummary> read = List.of();
            String eventsUnavailable = null;
            try {
                read = Concurrent.join(events);
            } catch (WorkspaceNotFoundException deleted) {
                // clusters/events answers 400 "does not exist" for a deleted (or pruned) cluster. The run still
                // holds the cluster's spec and the delivered logs outlive the cluster, so the analysis goes on.
                eventsUnavailable = eventsOfDeletedCluster(cluster, found.isEmpty() && cluster.declaredSpec() != null);
            }
            return new ClusterTelemetry(cluster.clusterId(), cluster.taskKeys(), json, read, eventsUnavailable,
                    Concurrent.join(log), declared);
        }
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
