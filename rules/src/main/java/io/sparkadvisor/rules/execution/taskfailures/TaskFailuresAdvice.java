package io.sparkadvisor.rules.execution.taskfailures;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.execution.TaskMemory;
import io.sparkadvisor.rules.execution.taskfailures.TaskFailuresEvidence.Cause;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The task-failures recommendation, chosen by the main cause: out of memory → more memory per task
 * (more shuffle partitions for a shuffle stage, else fewer tasks per executor; then a larger heap);
 * lost executors → more off-heap overhead ({@code task-failures.overheadStepBytes}), then on-demand
 * instead of spot nodes; exceptions → the code, named by the first failure. The follow-up measures
 * that the stage's failures of that cause are gone (out-of-memory steps: with GC under the GC
 * rule's medium rung, {@link io.sparkadvisor.rules.execution.gcpressure.GcPressureRule#MEDIUM_RATIO},
 * and no new spill) and, for setting changes, that the run is not slower.
 */
final class TaskFailuresAdvice {
    private static final long MIB = 1L << 20;

    private TaskFailuresAdvice() {}

    static Remedy remedy(TaskFailuresEvidence e, Diagnosis d, Thresholds t) {
        Cause cause = e.cause();
        TaskMemory mem = e.memory();
        int partitions = (int) (t.getLong(TaskFailuresRule.PARTITIONS_FACTOR) * e.shufflePartitions());
        long overheadAfter = e.overheadBytes() + t.getLong(TaskFailuresRule.OVERHEAD_STEP_BYTES);
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("failed", e.failedAttempts());
        scope.put("rate", Format.percent(e.failureRate()));
        scope.put("first", e.firstFailure());
        scope.put("wasted", Format.duration(e.wastedTaskMs()));
        scope.put("mostFailures", e.mostFailuresOfOneTask());
        scope.put("maxFailures", e.maxFailures());
        scope.put("partitions", partitions);
        scope.put("fewer", mem.halvedTasksPerExecutor());
        scope.put("heapAfter", mem.moreHeapWords());
        scope.put("overheadAfter", Format.bytes(overheadAfter));
        Messages m = Messages.of(TaskFailuresRule.ID, scope, t);

        String key = cause.key;
        return new Remedy(m.text("title"), new Recommendation(m.text(key + "Summary"), m.list(key + "Preconditions"),
                steps(e, cause, partitions, overheadAfter, m, t), m.text("proof"), m.text(key + "Experiment")),
                Savings.of(e.wastedTaskMs() / e.slots(), e.wastedTaskMs()).upTo());
    }

    private static List<Step> steps(TaskFailuresEvidence e, Cause cause, int partitions, long overheadAfter, Messages m,
            Thresholds t) {
        TaskMemory mem = e.memory();
        Checks stage = Checks.ofStage(e.stageId());
        List<MetricCheck> memoryChecks = List.of(stage.noOutOfMemory(), stage.gcUnder(t), stage.noNewSpill(),
                Checks.ofRun().notSlower(t));
        List<MetricCheck> lostChecks = List.of(stage.noExecutorLost(), Checks.ofRun().notSlower(t));
        return switch (cause) {
            case OUT_OF_MEMORY -> List.of(
                    new Step(1, List.of(e.readsShuffle()
                            ? Change.sparkConf("spark.sql.shuffle.partitions", partitions)
                            : mem.fewerTasks()),
                            m.list("memoryChecks"), m.text("memoryRollback"), memoryChecks),
                    new Step(2, mem.moreHeap(),
                            m.list("memoryChecks"), m.text("memoryRollback"), memoryChecks));
            case EXECUTOR_LOST -> List.of(
                    new Step(1, mem.compute().databricks() ? mem.moreHeap()
                            : List.of(Change.sparkConf("spark.executor.memoryOverhead", overheadAfter / MIB + "m")),
                            m.list("lostChecks"), m.text("lostRollback"), lostChecks),
                    new Step(2, List.of(mem.compute().onDemandWorkers()),
                            m.list("lostChecks"), m.text("spotRollback"), lostChecks));
            case EXCEPTION -> List.of(new Step(1, List.of(Change.code(m.text("exceptionChange"), m.text("exceptionSnippet"))),
                    m.list("exceptionChecks"), m.text("exceptionRollback"),
                    List.of(stage.noFailedTasks())));
        };
    }
}
