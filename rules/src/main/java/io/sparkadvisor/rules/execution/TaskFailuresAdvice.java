package io.sparkadvisor.rules.execution;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.execution.TaskFailuresEvidence.Cause;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The task-failures recommendation, chosen by the main cause: out of memory → more memory per task
 * (more shuffle partitions for a shuffle stage, else fewer tasks per executor; then a larger heap);
 * lost executors → overhead +1 GiB (Dr. Elephant, anchors §3b), then on-demand instead of spot
 * nodes; exceptions → the code, named by the first failure. The follow-up measures that the stage's
 * failures of that cause are gone (out-of-memory steps: with GC under the gc-pressure medium rung and
 * no new spill) and, for setting changes, that the run is not slower.
 */
public final class TaskFailuresAdvice {
    public static final String RULE = "task-failures";
    private static final long GIB = 1L << 30;

    private TaskFailuresAdvice() {}

    public static Finding finding(TaskFailuresEvidence e, Thresholds t, Severity severity) {
        Cause cause = e.mainCause();
        TaskMemory mem = e.memory();
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("failed", e.failedAttempts());
        scope.put("rate", Format.percent(e.failureRate()));
        scope.put("first", e.firstFailure());
        scope.put("wasted", Format.duration(e.wastedTaskMs()));
        scope.put("partitions", 2 * e.shufflePartitions());
        scope.put("fewer", mem.halvedTasksPerExecutor());
        scope.put("heapAfter", mem.doubledHeapSetting());
        scope.put("overheadAfter", Format.bytes(e.overheadBytes() + GIB));
        Messages m = Messages.of(RULE, scope);

        Map<String, Object> byCause = new LinkedHashMap<>();
        e.attemptsByCause().forEach((c, n) -> byCause.put(c.key, n));
        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("failedAttempts", e.failedAttempts());
        evidence.put("successfulTasks", e.successfulTasks());
        evidence.put("failureRate", Format.round(e.failureRate()));
        evidence.put("attemptsByCause", byCause);
        evidence.put("mainCause", cause.key);
        evidence.put("firstFailure", e.firstFailure());
        evidence.put("wastedTaskMs", e.wastedTaskMs());
        evidence.put("stageFailed", e.stageFailed());
        evidence.put("stageWallMs", e.stageWallMs());

        String key = cause.key;
        return new Finding(RULE, Layer.EXECUTION, severity, m.text("title"), List.of(e.stageId()), evidence,
                new Recommendation(m.text(key + "Summary"), m.list(key + "Preconditions"), steps(e, cause, m, t),
                        m.text("proof"), m.text(key + "Experiment")),
                new Savings(e.wastedTaskMs() / e.slots(), Format.round(e.wastedTaskMs() / 3_600_000.0)));
    }

    private static List<Step> steps(TaskFailuresEvidence e, Cause cause, Messages m, Thresholds t) {
        TaskMemory mem = e.memory();
        Checks stage = Checks.ofStage(e.stageId());
        List<MetricCheck> memoryChecks = List.of(stage.noOutOfMemory(), stage.gcUnder(t), stage.noNewSpill(),
                Checks.ofRun().notSlower(t));
        List<MetricCheck> lostChecks = List.of(stage.noExecutorLost(), Checks.ofRun().notSlower(t));
        return switch (cause) {
            case OUT_OF_MEMORY -> List.of(
                    new Step(1, List.of(e.readsShuffle()
                            ? Change.sparkConf("spark.sql.shuffle.partitions", 2 * e.shufflePartitions())
                            : Change.sparkConf("spark.executor.cores", mem.halvedTasksPerExecutor())),
                            m.list("memoryChecks"), m.text("memoryRollback"), memoryChecks),
                    new Step(2, List.of(Change.sparkConf("spark.executor.memory", mem.doubledHeapSetting())),
                            m.list("memoryChecks"), m.text("memoryRollback"), memoryChecks));
            case EXECUTOR_LOST -> List.of(
                    new Step(1, List.of(Change.sparkConf("spark.executor.memoryOverhead",
                            (e.overheadBytes() + GIB) / (1L << 20) + "m")), m.list("lostChecks"), m.text("lostRollback"), lostChecks),
                    new Step(2, List.of(Change.cluster("aws_attributes.availability", "ON_DEMAND")),
                            m.list("lostChecks"), m.text("spotRollback"), lostChecks));
            case EXCEPTION -> List.of(new Step(1, List.of(Change.code(m.text("exceptionChange"), m.text("exceptionSnippet"))),
                    m.list("exceptionChecks"), m.text("exceptionRollback"),
                    List.of(stage.noFailedTasks())));
        };
    }
}
