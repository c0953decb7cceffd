package io.sparkadvisor.databricks;

import io.sparkadvisor.databricks.access.Access;
import io.sparkadvisor.databricks.apply.AppliedChange;
import io.sparkadvisor.databricks.apply.BeforeSend;
import io.sparkadvisor.databricks.apply.HealthRule;
import io.sparkadvisor.databricks.apply.SettingsChange;
import io.sparkadvisor.databricks.apply.SettingsSnapshot;
import io.sparkadvisor.databricks.apply.StepDelta;
import io.sparkadvisor.databricks.billing.BillingQuery;
import io.sparkadvisor.databricks.catalog.CatalogTable;
import io.sparkadvisor.databricks.billing.QueryResult;
import io.sparkadvisor.databricks.billing.RunUsage;
import io.sparkadvisor.databricks.billing.SqlWarehouse;
import io.sparkadvisor.databricks.fetch.ClusterTelemetry;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.TableMaintenance;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import java.util.Optional;
import java.time.Instant;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Everything the bot needs from a Databricks workspace. Get one from {@link Workspaces}: live
 * through the SDK, or offline from a folder of recorded answers. Failures are
 * {@link WorkspaceException}s with messages fit to show the user.
 */
public interface Workspace {
    /** A run link, {@code run:ID}, {@code job:ID}, {@code job:NAME}, a bare id (run, else job) or a job name. */
    RunRef resolve(String userInput);

    /** The job's latest completed run; a {@link WorkspaceNotFoundException} when it has none yet (or no such job exists). */
    RunRef latestCompletedRun(long jobId);

    RunTelemetry fetch(RunRef run);

    /** Up to {@code count} completed runs of the job that started before {@code beforeMs}, newest first (one runs/list call). */
    List<RunRef> runsBefore(long jobId, long beforeMs, int count);

    /** The wall times (end - start) of those runs, from the same runs/list call: no run is read one by one. */
    List<Long> wallTimesBefore(long jobId, long beforeMs, int count);

    /** The wall times of up to {@code count} of the job's completed runs that started in [{@code fromMs}, {@code toMs}), newest first (one runs/list call). */
    List<Long> wallTimesBetween(long jobId, long fromMs, long toMs, int count);

    /**
     * The facts of one cluster's delivered event log, joined with the cluster's shape when known;
     * from the workspace's {@link io.sparkadvisor.databricks.fetch.FactsCache} when this run's log, as
     * it is now, was read before. Throws {@link io.sparkadvisor.databricks.fetch.EventLogUnavailableException}
     * when the cluster delivered no log.
     */
    RunFacts facts(RunTelemetry run, ClusterTelemetry cluster, LongConsumer downloaded);

    /** The job's active run: for a continuous job, the one running now; empty when none runs (paused, or between runs). */
    Optional<Long> activeRun(long jobId);

    /**
     * Cancels a run ({@code jobs/runs/cancel}). Databricks applies new settings to a continuous job only this way: its
     * active run cancelled, the next starts with them and resumes from its checkpoint.
     */
    void cancel(long runId);

    SettingsSnapshot settings(long jobId);

    /**
     * Reads the job, refuses with {@link io.sparkadvisor.databricks.apply.SettingsChangedException} if it
     * changed since {@code expectedFingerprint}, tells {@code beforeSend}, sends the change and reads the
     * job back. A failure after {@code beforeSend} leaves it unknown whether the change took.
     */
    AppliedChange apply(long jobId, SettingsChange change, String expectedFingerprint, BeforeSend beforeSend);

    default AppliedChange apply(long jobId, SettingsChange change, String expectedFingerprint) {
        return apply(jobId, change, expectedFingerprint, BeforeSend.NOTHING);
    }

    /** Rolls back the keys a step touched ({@link AppliedChange#step()}), guarded by its fingerprint after; as {@link #apply}. */
    SettingsSnapshot restore(long jobId, StepDelta step, BeforeSend beforeSend);

    /** Adds {@code rule} to the job's health rules (or replaces its metric's), keeping the others; the job as read back. */
    SettingsSnapshot setHealthRule(long jobId, HealthRule rule);

    default SettingsSnapshot restore(long jobId, StepDelta step) {
        return restore(jobId, step, BeforeSend.NOTHING);
    }

    /**
     * A run on serverless compute ({@link io.sparkadvisor.databricks.fetch.RunSummary#serverless()}), which has no event
     * log: its statements from {@code system.query.history} and its cost from {@code system.billing.usage}, on the
     * advisor's SQL warehouse. Fails with a {@link WorkspaceException} naming the grant or the setting when they cannot be read.
     */
    ServerlessRun serverless(RunTelemetry run);

    /**
     * The machines' view of cluster {@code clusterId} over {@code [startMs, endMs]} from {@code system.compute.node_timeline}
     * on the advisor's SQL warehouse: rows, or why there are none (not yet, a missing grant); empty when no warehouse is configured.
     */
    Optional<NodeTimelineFacts> nodeTimeline(String clusterId, long startMs, long endMs);

    /**
     * Whether predictive optimization maintains Unity Catalog table {@code fullName}, and when it last ran OPTIMIZE on it
     * (its history read on the advisor's SQL warehouse); empty when Unity Catalog knows no such table or no warehouse is configured.
     */
    Optional<TableMaintenance> tableMaintenance(String fullName);

    /** Fails with {@link io.sparkadvisor.databricks.billing.BillingUnavailableException} when the billing tables cannot be read. */
    QueryResult query(BillingQuery query);

    /** The SQL warehouse for the advisor's own statements (DATABRICKS_WAREHOUSE_ID); empty when none is configured. */
    Optional<SqlWarehouse> warehouse();

    /**
     * The table Unity Catalog knows by {@code fullName} ({@code catalog.schema.table}, {@code tables/get}); empty when
     * it knows none: the name a statement may use is the one this returns, never a log's text.
     */
    Optional<CatalogTable> table(String fullName);

    /**
     * The workspace's id when known: the SDK's DATABRICKS_WORKSPACE_ID, else learned from the
     * workspace's own answers (the {@code X-Databricks-Org-Id} header). Account-wide billing tables are kept to it.
     */
    Optional<String> id();

    /** Completed job runs that started in {@code [from, to)}, for estimating costs without the billing tables. */
    List<RunUsage> completedRuns(Instant from, Instant to);

    /** Who people are in this workspace and what they may do: asked before the bot acts for one of them. */
    Access access();
}
