package io.sparkadvisor.knowledge.facts;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.Platforms;
import java.util.List;
import java.util.Optional;

/**
 * Everything known about one Spark application run, computed once from its telemetry.
 * {@code platform} follows from the properties, the plans and the cluster: {@link #withCluster}
 * derives it again. {@code nodeTimeline}: the machines' view from system.compute.node_timeline, when it was asked for
 * ({@link #withNodeTimeline}); the event log alone gives none. {@code tableMaintenance}: the tables Databricks may
 * maintain itself (predictive optimization), when read ({@link #withTableMaintenance}). {@code streaming} holds the
 * run's Structured Streaming queries (empty for a batch run). {@code jobRunMode}: how the job starts its runs, from
 * its settings when they were read with the run ({@link #withJobRunMode}); the log alone gives none.
 */
public record RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
        List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
        SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
        Optional<ClusterShape> cluster, PlatformFacts platform, Optional<NodeTimelineFacts> nodeTimeline,
        List<TableMaintenance> tableMaintenance, List<StreamingQueryFacts> streaming, Optional<JobRunMode> jobRunMode) {

    public RunFacts {
        tableMaintenance = List.copyOf(tableMaintenance);
    }

    /** Facts without the job's run mode. */
    public RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
            List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
            SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
            Optional<ClusterShape> cluster, PlatformFacts platform, Optional<NodeTimelineFacts> nodeTimeline,
            List<TableMaintenance> tableMaintenance, List<StreamingQueryFacts> streaming) {
        this(application, coverage, properties, executors, jobs, stages, failures, slots, timeline, sqlExecutions, cluster,
                platform, nodeTimeline, tableMaintenance, streaming, Optional.empty());
    }

    /** Facts of the event log and the cluster of a batch run, without the machines' view. */
    public RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
            List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
            SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
            Optional<ClusterShape> cluster, PlatformFacts platform) {
        this(application, coverage, properties, executors, jobs, stages, failures, slots, timeline, sqlExecutions, cluster,
                platform, Optional.empty(), List.of(), List.of());
    }

    /** The platform derived from the properties, the plans and the cluster. */
    public RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
            List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
            SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
            Optional<ClusterShape> cluster, List<StreamingQueryFacts> streaming) {
        this(application, coverage, properties, executors, jobs, stages, failures, slots, timeline, sqlExecutions, cluster,
                Platforms.of(properties, sqlExecutions, cluster, application.id()), Optional.empty(), List.of(), streaming);
    }

    /** A run without streaming queries, the platform derived. */
    public RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
            List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
            SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
            Optional<ClusterShape> cluster) {
        this(application, coverage, properties, executors, jobs, stages, failures, slots, timeline, sqlExecutions, cluster,
                List.of());
    }

    public RunFacts withCluster(ClusterShape shape) {
        Optional<ClusterShape> c = Optional.ofNullable(shape);
        return new RunFacts(application, coverage, properties, executors, jobs, stages, failures, slots, timeline,
                sqlExecutions, c, Platforms.of(properties, sqlExecutions, c, application.id()), nodeTimeline,
                tableMaintenance, streaming, jobRunMode);
    }

    /** The same facts with what the read covered restated (a windowed read of a running log adds its window). */
    public RunFacts withCoverage(Coverage read) {
        return new RunFacts(application, read, properties, executors, jobs, stages, failures, slots, timeline,
                sqlExecutions, cluster, platform, nodeTimeline, tableMaintenance, streaming, jobRunMode);
    }

    public RunFacts withNodeTimeline(NodeTimelineFacts machines) {
        return new RunFacts(application, coverage, properties, executors, jobs, stages, failures, slots, timeline,
                sqlExecutions, cluster, platform, Optional.of(machines), tableMaintenance, streaming, jobRunMode);
    }

    /** The tables' maintenance as Unity Catalog and predictive optimization report it, for the layout advice. */
    public RunFacts withTableMaintenance(List<TableMaintenance> tables) {
        return new RunFacts(application, coverage, properties, executors, jobs, stages, failures, slots, timeline,
                sqlExecutions, cluster, platform, nodeTimeline, tables, streaming, jobRunMode);
    }

    /** The same facts with how the job starts its runs, as its settings say (empty: they say nothing). */
    public RunFacts withJobRunMode(Optional<JobRunMode> mode) {
        return new RunFacts(application, coverage, properties, executors, jobs, stages, failures, slots, timeline,
                sqlExecutions, cluster, platform, nodeTimeline, tableMaintenance, streaming, mode);
    }

    public Optional<StageFacts> stage(int stageId) {
        return stages.stream().filter(s -> s.stageId() == stageId).reduce((a, b) -> b);
    }

    public Optional<SqlExecutionFacts> sqlExecution(long id) {
        return sqlExecutions.stream().filter(e -> e.executionId() == id).findFirst();
    }
}
