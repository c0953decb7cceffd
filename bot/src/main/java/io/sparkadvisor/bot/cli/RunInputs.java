package io.sparkadvisor.bot.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.config.FactsCacheSettings;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.fetch.FactsCache;
import io.sparkadvisor.knowledge.FactsJson;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.eventlog.DeliveredWindow;
import io.sparkadvisor.knowledge.eventlog.LocalLogParts;
import io.sparkadvisor.knowledge.facts.JobRunMode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.TableMaintenance;
import io.sparkadvisor.knowledge.machines.NodeTimelineException;
import io.sparkadvisor.knowledge.machines.NodeTimelineFile;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.knowledge.tables.TableMaintenanceException;
import io.sparkadvisor.knowledge.tables.TableMaintenanceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The inputs shared by {@code analyze} and {@code facts} beside the run itself (which each command
 * declares: {@code analyze} also takes saved facts): the workspace, the cluster shape files and the job's settings.
 */
final class RunInputs {
    static final String SOURCE_DESCRIPTION = "A Spark event log file (plain, .gz, .zstd, .lz4, .snappy) or folder (rolling or Databricks layout); with --workspace-dir, a run link, run id, job id or job name.";

    @Option(names = "--workspace-dir", paramLabel = "DIR", description = "A file-backed Databricks workspace (recorded API answers and logs, see databricks-client/WORKSPACE-DIR.md); the run's cluster shape comes with it.")
    Path workspaceDir;

    @Option(names = "--task", paramLabel = "KEY", description = "With --workspace-dir: the task whose cluster to analyse (default: the first task with an event log).")
    String task;

    @Option(names = "--no-cache", description = "With --workspace-dir: read the run's event log even when its facts are kept"
            + " (SPARK_ADVISOR_FACTS_CACHE_DIR), and keep nothing.")
    boolean noCache;

    @Option(names = "--cluster", paramLabel = "FILE", description = "JSON of Databricks clusters/get or a job's new_cluster; overrides the shape the log implies.")
    Path cluster;

    @Option(names = "--node-types", paramLabel = "FILE", description = "JSON of Databricks clusters/list-node-types.")
    Path nodeTypes;

    @Option(names = "--node-timeline", paramLabel = "FILE", description = "Rows of system.compute.node_timeline for the run's"
            + " cluster (CSV with a header line, or a JSON array of row objects): the machines' CPU and memory over the run,"
            + " which io-bound-slots, executor-packing and memory-overprovisioned weigh beside the log.")
    Path nodeTimeline;

    @Option(names = "--table-maintenance", paramLabel = "FILE", description = "JSON {\"tables\": [Unity Catalog tables/get answers],"
            + " \"operations\": [rows of system.storage.predictive_optimization_operations_history]}: layout advice on a table"
            + " predictive optimization maintains has no OPTIMIZE step and says when it last ran.")
    Path tableMaintenance;

    @Option(names = "--job-settings", paramLabel = "FILE", description = "JSON of the job's settings (jobs/get's \"settings\"):"
            + " its continuous, schedule or trigger says whether a streaming query is always on (priced per week) or runs on a"
            + " schedule (priced per run), over what the log's batches suggest. With --workspace-dir the job's own settings do.")
    Path jobSettings;

    @Option(names = "--window-hours", paramLabel = "N", description = "Read only the last N hours (up to now) of a running"
            + " log delivered by Databricks (rolled eventlog-<time>.gz parts and the live eventlog); the first part, with the"
            + " application's start, is always read and parts wholly before the window are not opened. With --workspace-dir:"
            + " how far back a running run is read (default SPARK_ADVISOR_LIVE_WINDOW_HOURS, 6).")
    Long windowHours;

    /** The facts of an event log, or of a run in the workspace (which brings its own cluster shape). */
    RunFacts facts(String source) {
        Optional<Duration> window = window();
        if (workspaceDir != null) {
            FactsCache cache = noCache ? FactsCache.OFF : FactsCacheSettings.fromEnvironment(System.getenv());
            Duration live = window.orElseGet(() -> WorkspaceChoice.liveWindow(System.getenv()));
            return withTelemetry(WorkspaceRun.facts(Workspaces.fromDirectory(workspaceDir, cache, live), source, task));
        }
        Path log = Path.of(source);
        RunFacts facts = window.map(w -> RunFactsReader.read(DeliveredWindow.of(LocalLogParts.of(log), Instant.now(), w), bytes -> { }))
                .orElseGet(() -> RunFactsReader.read(log));
        return withTelemetry(withClusterFiles(facts));
    }

    private Optional<Duration> window() {
        if (windowHours != null && windowHours < 1) {
            throw new BadInputException("--window-hours " + windowHours + " reads nothing; pass a whole number of hours, 1 or more");
        }
        return Optional.ofNullable(windowHours).map(Duration::ofHours);
    }

    /** Facts saved by {@code spark-advisor facts}; --cluster and --node-types apply on top, as for a log. */
    RunFacts savedFacts(Path file) {
        if (workspaceDir != null) {
            throw new BadInputException("--facts and --workspace-dir exclude each other: saved facts already hold the run"
                    + " (and its cluster shape, if it came from a workspace); pass one of them");
        }
        return withTelemetry(withClusterFiles(FactsJson.read(file)));
    }

    /** What the log cannot say: the tables' maintenance (--table-maintenance) and the machines' rows over the run's window (--node-timeline). */
    private RunFacts withTelemetry(RunFacts facts) {
        if (jobSettings != null) {
            facts = facts.withJobRunMode(JobRunMode.ofSettings(jobSettings()));
        }
        if (tableMaintenance != null) {
            facts = facts.withTableMaintenance(tableMaintenance());
        }
        if (nodeTimeline == null) {
            return facts;
        }
        try {
            return facts.withNodeTimeline(NodeTimelineFile.read(nodeTimeline, facts.application().startMs(), facts.application().endMs()));
        } catch (NodeTimelineException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** A serverless run with the tables of --table-maintenance, when given. */
    ServerlessRun withTables(ServerlessRun run) {
        return tableMaintenance == null ? run : run.withTableMaintenance(tableMaintenance());
    }

    private String jobSettings() {
        String json = readFile(jobSettings, "--job-settings");
        try {
            if (new ObjectMapper().readTree(json).isObject()) {
                return json;
            }
        } catch (JsonProcessingException e) {
            // refused below
        }
        throw new BadInputException("--job-settings " + jobSettings + " is not a JSON object; pass the \"settings\" object"
                + " of `databricks jobs get <job-id>`");
    }

    private List<TableMaintenance> tableMaintenance() {
        try {
            return TableMaintenanceFile.read(tableMaintenance);
        } catch (TableMaintenanceException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    private RunFacts withClusterFiles(RunFacts facts) {
        if (cluster == null) {
            if (nodeTypes != null) {
                throw new BadInputException("--node-types needs --cluster: the node catalogue only says something about a cluster's nodes");
            }
            return facts;
        }
        return facts.withCluster(ClusterJson.parse(readFile(cluster, "--cluster"),
                Optional.ofNullable(nodeTypes).map(p -> readFile(p, "--node-types"))));
    }

    static String readFile(Path path, String option) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new BadInputException(option + " " + path + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }
}
