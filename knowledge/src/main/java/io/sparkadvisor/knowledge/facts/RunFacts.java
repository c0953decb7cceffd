package io.sparkadvisor.knowledge.facts;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.Platforms;
import java.util.List;
import java.util.Optional;

/**
 * Everything known about one Spark application run, computed once from its telemetry.
 * {@code platform} follows from the properties, the plans and the cluster: {@link #withCluster}
 * derives it again. {@code streaming} holds the run's Structured Streaming queries (empty for a batch run).
 */
public record RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
        List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
        SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
        Optional<ClusterShape> cluster, PlatformFacts platform, List<StreamingQueryFacts> streaming) {

    /** A run without streaming queries. */
    public RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
            List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
            SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
            Optional<ClusterShape> cluster, PlatformFacts platform) {
        this(application, coverage, properties, executors, jobs, stages, failures, slots, timeline, sqlExecutions, cluster,
                platform, List.of());
    }

    /** The platform derived from the properties, the plans and the cluster. */
    public RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
            List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
            SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
            Optional<ClusterShape> cluster, List<StreamingQueryFacts> streaming) {
        this(application, coverage, properties, executors, jobs, stages, failures, slots, timeline, sqlExecutions, cluster,
                Platforms.of(properties, sqlExecutions, cluster, application.id()), streaming);
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
        return new RunFacts(application, coverage, properties, executors, jobs, stages, failures, slots, timeline,
                sqlExecutions, Optional.ofNullable(shape), streaming);
    }

    public Optional<StageFacts> stage(int stageId) {
        return stages.stream().filter(s -> s.stageId() == stageId).reduce((a, b) -> b);
    }

    public Optional<SqlExecutionFacts> sqlExecution(long id) {
        return sqlExecutions.stream().filter(e -> e.executionId() == id).findFirst();
    }
}
