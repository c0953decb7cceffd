package io.sparkadvisor.databricks;

import com.databricks.sdk.service.catalog.TableInfo;
import com.databricks.sdk.service.compute.ClusterDetails;
import com.databricks.sdk.service.compute.ClusterEvent;
import com.databricks.sdk.service.compute.ListNodeTypesResponse;
import com.databricks.sdk.service.jobs.BaseRun;
import com.databricks.sdk.service.jobs.Run;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.fetch.StoredFile;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import java.util.List;
import java.util.Optional;

/**
 * The raw answers of a workspace, as SDK objects. Two implementations: the live workspace through
 * the SDK ({@link SdkWorkspaceSource}) and recorded answers in a folder
 * ({@link io.sparkadvisor.databricks.workspace.FileWorkspaceSource}); resolving, fetching and
 * applying are written once on top of this.
 */
public interface WorkspaceSource {
    /** Throws {@link WorkspaceNotFoundException} when there is no such run. */
    Run run(long runId);

    Optional<Long> latestCompletedRunId(long jobId);

    /** Up to {@code count} completed runs of the job that started before {@code beforeMs}, newest first. */
    List<BaseRun> completedRunsBefore(long jobId, long beforeMs, int count);

    /** Completed job runs (not task runs) that started in {@code [fromMs, toMs)}, with their tasks and job clusters. */
    List<BaseRun> completedRuns(long fromMs, long toMs);

    List<Long> jobIdsNamed(String name);

    /**
     * The job's settings as the API answers them, every page merged and raw: fields this SDK
     * version does not model survive a read-modify-write. Throws {@link WorkspaceNotFoundException}
     * for a deleted job.
     */
    ObjectNode jobSettings(long jobId);

    /** Empty when the cluster is gone (terminated clusters are purged after 30 days). */
    Optional<ClusterDetails> cluster(String clusterId);

    ListNodeTypesResponse nodeTypes();

    List<ClusterEvent> clusterEvents(String clusterId, long fromMs, long toMs);

    /** Entries of a DBFS ({@code dbfs:/...}) or Unity Catalog volume ({@code /Volumes/...}) folder; empty if absent. */
    List<StoredFile> listFiles(String directory);

    /** A file found by {@link #listFiles}, streamed when opened. */
    LogPart logPart(StoredFile file);

    /** JSON of a Spark monitoring REST path ({@code applications/...}) on a running cluster's driver. */
    String sparkRest(String clusterId, String apiV1Path);

    /** Unity Catalog's {@code tables/get} for {@code catalog.schema.table}; empty when there is no such table (404). */
    Optional<TableInfo> table(String fullName);

    /** {@code jobs/update}: top-level fields of {@code newSettings} replace the job's (keyed entries one by one); {@code fieldsToRemove} go. */
    void updateJob(long jobId, ObjectNode newSettings, List<String> fieldsToRemove);

    /** The job's active run (runs/list active_only), for a continuous job the one that runs now; empty when none runs. */
    Optional<Long> activeRunId(long jobId);

    /** {@code jobs/runs/cancel}: a continuous job then starts a new run with its current settings. */
    void cancelRun(long runId);
}
