package io.sparkadvisor.rules.execution;

import static io.sparkadvisor.rules.thresholds.ExecutionThresholds.GC_MAX_HEAP_SHARE_AFTER;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The GC-pressure recommendation, in Dr. Elephant's order (anchors §3b): first halve the tasks that
 * share an executor's heap, which doubles each task's memory at no extra cost; then double the heap.
 * The follow-up measures the stage's GC share falling below the medium rung ({@code gc-pressure.mediumRatio});
 * fewer tasks per executor must not slow the run, cause out-of-memory failures or new spill; the larger
 * heap must not fill up ({@code gc-pressure.maxHeapShareAfter}) nor leave slots unstarted.
 */
public final class GcPressureAdvice {
    public static final String RULE = "gc-pressure";

    private GcPressureAdvice() {}

    public static Finding finding(GcPressureEvidence e, Thresholds t, Severity severity) {
        TaskMemory mem = e.memory();
        int fewer = mem.halvedTasksPerExecutor();
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("share", Format.percent(e.gcShare()));
        scope.put("gc", Format.duration(e.gcTimeMs()));
        scope.put("run", Format.duration(e.executorRunTimeMs()));
        scope.put("heap", Format.bytes(mem.heapBytes()));
        scope.put("tasks", mem.tasksPerExecutor());
        scope.put("perTask", Format.bytes(mem.perTaskBytes()));
        scope.put("fewer", fewer);
        scope.put("perTaskAfter", Format.bytes(mem.heapBytes() / fewer));
        scope.put("heapAfter", mem.doubledHeapSetting());
        scope.put("peakHeap", Format.bytes(e.peakJvmHeapBytes()));
        Messages m = Messages.of(RULE, scope, t);

        Checks stage = Checks.ofStage(e.stageId());
        Step doubleHeap = new Step(2, List.of(Change.sparkConf("spark.executor.memory", mem.doubledHeapSetting())),
                m.list("heapChecks"), m.text("heapRollback"), List.of(stage.gcUnder(t), heapNotFull(t), slotsStillStart(e)));
        List<Step> steps = fewer < mem.tasksPerExecutor()
                ? List.of(new Step(1, List.of(Change.sparkConf("spark.executor.cores", fewer)), m.list("coresChecks"),
                        m.text("coresRollback"), List.of(stage.gcUnder(t), Checks.ofRun().notSlower(t),
                                stage.noOutOfMemory(), stage.noNewSpill())), doubleHeap)
                : List.of(new Step(1, doubleHeap.changes(), doubleHeap.checks(), doubleHeap.rollbackWhen(), doubleHeap.verify()));

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("gcTimeMs", e.gcTimeMs());
        evidence.put("executorRunTimeMs", e.executorRunTimeMs());
        evidence.put("gcShare", Format.round(e.gcShare()));
        evidence.put("stageWallMs", e.stageWallMs());
        evidence.put("heapBytes", mem.heapBytes());
        evidence.put("tasksPerExecutor", mem.tasksPerExecutor());
        evidence.put("heapPerTaskBytes", mem.perTaskBytes());
        evidence.put("peakJvmHeapBytes", e.peakJvmHeapBytes());

        // Most GC time under pressure is collector work caused by a crowded heap; count it as the saving.
        return new Finding(RULE, Layer.EXECUTION, severity, m.text("title"), List.of(e.stageId()), evidence,
                new Recommendation(m.text("summary"), m.list("preconditions"), steps, m.text("proof"), m.text("experiment")),
                new Savings(e.gcTimeMs() / e.slots(), Format.round(e.gcTimeMs() / 3_600_000.0)));
    }

    private static MetricCheck heapNotFull(Thresholds t) {
        double bound = t.get(GC_MAX_HEAP_SHARE_AFTER);
        return new MetricCheck(RunMetrics.PEAK_HEAP_SHARE, Comparison.BELOW, bound,
                "peak JVM heap stays under " + Format.percent(bound) + " of the new heap");
    }

    /** A heap the nodes cannot fit leaves executors unscheduled: the run gets fewer slots. */
    private static MetricCheck slotsStillStart(GcPressureEvidence e) {
        return new MetricCheck(RunMetrics.SLOTS, Comparison.AT_LEAST, e.slots(),
                "all " + e.slots() + " task slots still start (the nodes fit the larger executors)");
    }
}
