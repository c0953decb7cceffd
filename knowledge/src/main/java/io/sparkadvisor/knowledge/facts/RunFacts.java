package io.sparkadvisor.knowledge.facts;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import java.util.List;
import java.util.Optional;

/** Everything known about one Spark application run, computed once from its telemetry. */
public record RunFacts(ApplicationFacts application, Coverage coverage, SparkProperties properties,
        List<ExecutorFacts> executors, List<JobFacts> jobs, List<StageFacts> stages, List<TaskFailureFacts> failures,
        SlotAccounting slots, SlotTimeline timeline, List<SqlExecutionFacts> sqlExecutions,
        Optional<ClusterShape> cluster) {

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
