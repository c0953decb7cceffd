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
import io.sparkadvisor.rules.execution.FailureCause;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The task-failures recommendation, chosen by the main cause: out of memory → more memory per task
 * (more shuffle partitions for a shuffle stage, else fewer tasks per executor; then a larger heap);
 * GPU out of memory → fewer tasks sharing a GPU, then smaller pieces of work (shuffle partitions);
 * lost executors → more off-heap overhead ({@code task-failures.overheadStepBytes}), then on-demand
 * instead of spot nodes; a transient call to another system → retry it with backoff in the code; the
 * job's own error → fix it in the code or data (a retry meets it again). The follow-up measures
 * that the stage's failures of that cause are gone (out-of-memory steps: with GC under the GC
 * rule's medium rung, {@link io.sparkadvisor.rules.execution.gcpressure.GcPressureRule#MEDIUM_RATIO},
 * and no new spill) and, for setting changes, that the run is not slower.
 */
final class TaskFailuresAdvice {
    private static final long MIB = 1L << 20;

    private TaskFailuresAdvice() {}

    static Remedy remedy(TaskFailuresEvidence e, Diagnosis d, Thresholds t) {
        FailureCause cause = e.cause();
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
        scope.put("stageFailed", e.stageFailed());
        scope.put("partitions", partitions);
        scope.put("fewer", mem.halvedTasksPerExecutor());
        scope.put("heapAfter", mem.moreHeapWords());
        scope.put("overheadAfter", Format.bytes(overheadAfter));
        scope.put("gpuTasks", gpuTasksAfter(e));
        scope.put("stageFailed", e.stageFailed());
        Messages m = Messages.of(TaskFailuresRule.ID, scope, t);

        String key = cause.key;
        return new Remedy(m.text(e.stageFailed() ? "failedTitle" : "title"), new Recommendation(m.text(key + "Summary"), m.list(key + "Preconditions"),
                steps(e, cause, partitions, overheadAfter, m, t), m.text("proof"), m.text(key + "Experiment")),
                Savings.of(e.wastedTaskMs() / e.slots(), e.wastedTaskMs()).upTo()).atRisk(m.text("risk"));
    }

    private static List<Step> steps(TaskFailuresEvidence e, FailureCause cause, int partitions, long overheadAfter, Messages m,
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
            // On-demand workers are a Databricks cluster setting; elsewhere the cluster manager's own (YARN, Kubernetes).
            case EXECUTOR_LOST -> mem.compute().databricks() ? List.of(
                    new Step(1, mem.moreHeap(), m.list("lostChecks"), m.text("lostRollback"), lostChecks),
                    new Step(2, List.of(mem.compute().onDemandWorkers()),
                            m.list("lostChecks"), m.text("spotRollback"), lostChecks))
                    : List.of(new Step(1, List.of(Change.sparkConf("spark.executor.memoryOverhead", overheadAfter / MIB + "m")),
                            m.list("lostChecks"), m.text("lostRollback"), lostChecks));
            case GPU_OUT_OF_MEMORY -> gpuSteps(e, partitions, m, List.of(stage.noFailedTasks(), Checks.ofRun().notSlower(t)));
            case TRANSIENT, EXCEPTION -> List.of(new Step(1, List.of(Change.code(m.text(cause.key + "Change"),
                    m.text(cause.key + "Snippet"))), m.list("exceptionChecks"), m.text("exceptionRollback"),
                    List.of(stage.noFailedTasks())));
        };
    }

    /** Fewer tasks sharing one GPU while more than one does, then each task's share of a shuffle stage halved. */
    private static List<Step> gpuSteps(TaskFailuresEvidence e, int partitions, Messages m, List<MetricCheck> checks) {
        List<Change> changes = new ArrayList<>();
        if (e.concurrentGpuTasks() != 1) {
            changes.add(Change.sparkConf(TaskFailuresEvidence.CONCURRENT_GPU_TASKS, gpuTasksAfter(e)));
        }
        if (e.readsShuffle()) {
            changes.add(Change.sparkConf("spark.sql.shuffle.partitions", partitions));
        }
        if (changes.isEmpty()) {
            changes.add(Change.code(m.text("gpuOutOfMemoryChange"), m.text("gpuOutOfMemorySnippet")));
        }
        List<Step> steps = new ArrayList<>();
        for (Change c : changes) {
            steps.add(new Step(steps.size() + 1, List.of(c), m.list("gpuChecks"), m.text("gpuRollback"), checks));
        }
        return steps;
    }

    /** Half the GPU tasks the run allowed at once, at least one; one when the run left RAPIDS' default. */
    private static int gpuTasksAfter(TaskFailuresEvidence e) {
        return Math.max(1, e.concurrentGpuTasks() / 2);
    }
}
