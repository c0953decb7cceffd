package io.sparkadvisor.databricks;

import com.databricks.sdk.WorkspaceClient;
import io.sparkadvisor.databricks.access.Access;
import io.sparkadvisor.databricks.access.FileAccess;
import io.sparkadvisor.databricks.access.SdkAccess;
import io.sparkadvisor.databricks.apply.AppliedChange;
import io.sparkadvisor.databricks.apply.BeforeSend;
import io.sparkadvisor.databricks.apply.HealthRule;
import io.sparkadvisor.databricks.apply.SettingsChange;
import io.sparkadvisor.databricks.apply.JobSettingsEditor;
import io.sparkadvisor.databricks.apply.SettingsSnapshot;
import io.sparkadvisor.databricks.apply.StepDelta;
import io.sparkadvisor.databricks.billing.BillingQuery;
import io.sparkadvisor.databricks.billing.QueryResult;
import io.sparkadvisor.databricks.billing.QueryRunner;
import io.sparkadvisor.databricks.billing.RunUsage;
import io.sparkadvisor.databricks.billing.BillingUnavailableException;
import io.sparkadvisor.databricks.billing.SqlWarehouse;
import io.sparkadvisor.databricks.billing.StatementRunner;
import io.sparkadvisor.databricks.catalog.CatalogTable;
import io.sparkadvisor.databricks.fetch.ClusterTelemetry;
import io.sparkadvisor.databricks.fetch.FactsCache;
import io.sparkadvisor.databricks.fetch.LogFacts;
import io.sparkadvisor.databricks.fetch.RunFetcher;
import io.sparkadvisor.databricks.fetch.RunTelemetry;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.databricks.resolve.RunReads;
import io.sparkadvisor.databricks.resolve.RunResolver;
import io.sparkadvisor.databricks.resolve.WorkspaceIdentity;
import io.sparkadvisor.databricks.workspace.FileWorkspaceSource;
import io.sparkadvisor.databricks.workspace.RecordedQueries;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import io.sparkadvisor.knowledge.facts.TableMaintenance;
import io.sparkadvisor.databricks.catalog.TableMaintenanceReader;
import io.sparkadvisor.databricks.compute.NodeTimelineReader;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.databricks.fetch.RunSummary;
import io.sparkadvisor.databricks.serverless.QueryHistoryApi;
import io.sparkadvisor.databricks.serverless.QueryHistoryUnavailableException;
import io.sparkadvisor.databricks.serverless.ServerlessRunReader;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/** The two kinds of workspace: a live one through the SDK, and a folder of recorded answers. */
public final class Workspaces {
    private static final Duration BILLING_TIMEOUT = Duration.ofMinutes(5);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A system table read during an ask: the answer waits for it, so it gets far less time than a digest's billing query. */
    private static final Duration SYSTEM_TABLE_TIMEOUT = Duration.ofSeconds(60);

    private Workspaces() {
    }

    /** @param warehouseId SQL warehouse for billing queries, or null when none is configured */
    public static Workspace connect(WorkspaceClient client, String warehouseId) {
        return connect(client, warehouseId, FactsCache.OFF);
    }

    /** As {@link #connect(WorkspaceClient, String)}, keeping the facts of completed runs in {@code cache}. */
    public static Workspace connect(WorkspaceClient client, String warehouseId, FactsCache cache) {
        return connect(client, warehouseId, cache, LogFacts.LIVE_WINDOW);
    }

    /** As {@link #connect(WorkspaceClient, String, FactsCache)}, a running run's log read for its last {@code liveWindow}. */
    public static Workspace connect(WorkspaceClient client, String warehouseId, FactsCache cache, Duration liveWindow) {
        Optional<StatementRunner> warehouse = Optional.ofNullable(warehouseId).map(id -> new StatementRunner(client, id, BILLING_TIMEOUT));
        QueryRunner billing = warehouse.<QueryRunner>map(w -> w).orElse(query -> {
            throw new BillingUnavailableException("Billing query " + query.name() + " needs a SQL warehouse, and"
                    + " DATABRICKS_WAREHOUSE_ID is not set: costs are estimated from job runs instead.", null);
        });
        Optional<String> configured = Optional.ofNullable(client.config().getWorkspaceId()).filter(w -> !w.isBlank());
        SdkWorkspaceSource source = new SdkWorkspaceSource(client);
        // A client always has a host once its config is resolved; without one there is nothing to compare links with.
        Optional<WorkspaceIdentity> identity = Optional.ofNullable(client.config().getHost()).filter(h -> !h.isBlank())
                .map(host -> new WorkspaceIdentity(host,
                        () -> configured.filter(w -> w.matches("\\d+")).map(Long::valueOf).or(source::workspaceIdFromApi)));
        // The host names the workspace in the cache: two workspaces may have runs of the same id.
        LogFacts facts = new LogFacts(cache, "host " + client.config().getHost(), liveWindow, Clock.systemUTC());
        Supplier<Optional<String>> id = () -> configured.or(() -> identity.flatMap(WorkspaceIdentity::id).map(String::valueOf));
        return new Composed(source, billing, warehouse.map(SqlWarehouse.class::cast), id, identity, facts, new SdkAccess(client),
                Optional.of(new QueryHistoryApi(client)));
    }

    /** The folder layout is described in databricks-client/WORKSPACE-DIR.md. */
    public static Workspace fromDirectory(Path folder) {
        return fromDirectory(folder, FactsCache.OFF);
    }

    /** As {@link #fromDirectory(Path)}, keeping the facts of completed runs in {@code cache}. */
    public static Workspace fromDirectory(Path folder, FactsCache cache) {
        return fromDirectory(folder, cache, LogFacts.LIVE_WINDOW);
    }

    /** As {@link #fromDirectory(Path, FactsCache)}, a running run's log read for its last {@code liveWindow}. */
    public static Workspace fromDirectory(Path folder, FactsCache cache, Duration liveWindow) {
        // Recorded answers stand for whichever workspace they were recorded in: any link is taken.
        LogFacts facts = new LogFacts(cache, "folder " + folder.toAbsolutePath().normalize(), liveWindow, Clock.systemUTC());
        return new Composed(new FileWorkspaceSource(folder), new RecordedQueries(folder), Optional.empty(), Optional::empty,
                Optional.empty(), facts, new FileAccess(folder), Optional.empty());
    }

    private static final class Composed implements Workspace {
        private final RunResolver resolver;
        private final RunFetcher fetcher;
        private final JobSettingsEditor editor;
        private final QueryRunner billing;
        private final Optional<SqlWarehouse> warehouse;
        private final WorkspaceSource source;
        private final Supplier<Optional<String>> id;
        private final LogFacts facts;
        private final Access access;
        private final Optional<QueryHistoryApi> queryHistory;

        Composed(WorkspaceSource source, QueryRunner billing, Optional<SqlWarehouse> warehouse, Supplier<Optional<String>> id,
                Optional<WorkspaceIdentity> identity, LogFacts facts, Access access, Optional<QueryHistoryApi> queryHistory) {
            this.access = access;
            this.queryHistory = queryHistory;
            this.warehouse = warehouse;
            RunReads runs = new RunReads(source);
            this.resolver = new RunResolver(source, runs, identity);
            this.fetcher = new RunFetcher(source, runs);
            this.editor = new JobSettingsEditor(source);
            this.billing = billing;
            this.source = source;
            this.id = id;
            this.facts = facts;
        }

        @Override
        public Access access() {
            return access;
        }

        @Override
        public Optional<SqlWarehouse> warehouse() {
            return warehouse;
        }

        @Override
        public Optional<CatalogTable> table(String fullName) {
            return source.table(fullName).map(CatalogTable::of);
        }

        @Override
        public Optional<String> id() {
            return id.get();
        }

        @Override
        public RunRef resolve(String userInput) {
            return resolver.resolve(userInput);
        }

        @Override
        public RunRef latestCompletedRun(long jobId) {
            return resolver.latestCompletedRun(jobId);
        }

        @Override
        public RunTelemetry fetch(RunRef run) {
            return fetcher.fetch(run);
        }

        @Override
        public List<RunRef> runsBefore(long jobId, long beforeMs, int count) {
            return count <= 0 ? List.of() : source.completedRunsBefore(jobId, beforeMs, count).stream()
                    .map(run -> new RunRef(run.getRunId(), jobId, null)).toList();
        }

        @Override
        public List<Long> wallTimesBefore(long jobId, long beforeMs, int count) {
            return wallTimesBetween(jobId, Long.MIN_VALUE, beforeMs, count);
        }

        @Override
        public List<Long> wallTimesBetween(long jobId, long fromMs, long toMs, int count) {
            return count <= 0 ? List.of() : source.completedRunsBefore(jobId, toMs, count).stream()
                    .filter(run -> run.getStartTime() != null && run.getEndTime() != null && run.getStartTime() >= fromMs)
                    .map(run -> Math.max(0, run.getEndTime() - run.getStartTime())).toList();
        }

        @Override
        public RunFacts facts(RunTelemetry run, ClusterTelemetry cluster, LongConsumer downloaded) {
            return facts.of(run, cluster, downloaded);
        }

        @Override
        public Optional<Long> activeRun(long jobId) {
            return source.activeRunId(jobId);
        }

        @Override
        public void cancel(long runId) {
            source.cancelRun(runId);
        }

        @Override
        public SettingsSnapshot settings(long jobId) {
            return editor.current(jobId);
        }

        @Override
        public AppliedChange apply(long jobId, SettingsChange change, String expectedFingerprint, BeforeSend beforeSend) {
            return editor.apply(jobId, change, expectedFingerprint, beforeSend);
        }

        @Override
        public SettingsSnapshot restore(long jobId, StepDelta step, BeforeSend beforeSend) {
            return editor.restore(jobId, step, beforeSend);
        }

        @Override
        public SettingsSnapshot setHealthRule(long jobId, HealthRule rule) {
            return editor.setHealthRule(jobId, rule);
        }

        @Override
        public ServerlessRun serverless(RunTelemetry run) {
            RunSummary summary = run.run();
            long jobId = summary.jobId() == null ? 0 : summary.jobId();
            ObjectNode job = JSON.createObjectNode().put("job_id", jobId);
            job.set("settings", settingsOf(run.jobSettingsJson()));
            try {
                return new ServerlessRunReader(billing, id().orElse(null), queryHistory)
                        .read(jobId, summary.runId(), summary.startMs(), summary.endMs(), job);
            } catch (BillingUnavailableException noWarehouse) {
                throw new QueryHistoryUnavailableException("Run " + summary.runId() + " ran on serverless compute, which keeps no"
                        + " Spark event log: its statements are read from system.query.history on a SQL warehouse, and there is"
                        + " none to ask. Set DATABRICKS_WAREHOUSE_ID to a warehouse the advisor may use.", noWarehouse);
            }
        }

        private static JsonNode settingsOf(String json) {
            try {
                return json == null ? JSON.createObjectNode() : JSON.readTree(json);
            } catch (IOException e) {
                throw new UncheckedIOException(e); // written by this module from the SDK's own object
            }
        }

        @Override
        public Optional<NodeTimelineFacts> nodeTimeline(String clusterId, long startMs, long endMs) {
            return warehouse.map(w -> new NodeTimelineReader(w, SYSTEM_TABLE_TIMEOUT).read(clusterId, startMs, endMs));
        }

        @Override
        public Optional<TableMaintenance> tableMaintenance(String fullName) {
            return warehouse.flatMap(w -> new TableMaintenanceReader(source, w, SYSTEM_TABLE_TIMEOUT).read(fullName));
        }

        @Override
        public QueryResult query(BillingQuery query) {
            return billing.run(query);
        }

        @Override
        public List<RunUsage> completedRuns(Instant from, Instant to) {
            return source.completedRuns(from.toEpochMilli(), to.toEpochMilli()).stream().map(RunUsage::of).toList();
        }
    }
}
