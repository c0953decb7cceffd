package io.sparkadvisor.knowledge.facts;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.Platforms;
import java.util.List;
import java.util.Optional;

/**
 * Everything known about one Spark application run, computed once from its telemetry.
 * {@code platform} follows from the properties, the plans and the cluster: {@link #withCluster}
 * derives it again.
 */
public record RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
        List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
        SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
        Optional<ClusterShape> cluster, PlatformFacts platform) {

    /** The platform derived from the properties, the plans and the cluster. */
    public RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
            List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
            SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
            Optional<ClusterShape> cluster) {
        this(application, coverage, properties, executors, jobs, stages, failures, slots, timeline, sqlExecutions, cluster,
                Platforms.of(properties, sqlExecutions, cluster, application.id()));
    }

    public RunFacts withCluster(ClusterShape shape) {
        return new RunFacts(application, coverage, properties, executors, jobs, stages, failures, slots, timeline,
                sqlExecutions, Optional.ofNullable(shape));
    }

    public Optional<StageFacts> stage(int stageId) {
        return stages.stream().filter(s -> s.stageId() == stageId).reduce((a, b) -> b);
    }

    public Optional<SqlExecutionFacts> sqlExecution(long id) {
        return sqlExecutions.stream().filter(e -> e.executionId() == id).findFirst();
    }
}
