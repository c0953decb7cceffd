package io.sparkadvisor.rules.execution.gcpressure;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.execution.TaskMemory;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The GC-pressure recommendation. When the heap was used near its limit, in Dr. Elephant's order: first halve the
 * tasks that share an executor's heap, which doubles each task's memory at no extra cost; then double the heap.
 * When it was not, more memory would sit idle: the collector ran because tasks create and drop objects fast, and the
 * one step is in the code.
 * The follow-up measures the stage's GC share falling below the medium rung ({@code gc-pressure.mediumRatio});
 * fewer tasks per executor must not slow the run, cause out-of-memory failures or new spill; the larger
 * heap must not fill up ({@code gc-pressure.maxHeapShareAfter}) nor leave slots unstarted.
 */
final class GcPressureAdvice {
    private GcPressureAdvice() {}

    static Remedy remedy(GcPressureEvidence e, Diagnosis d, Thresholds t) {
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
        scope.put("fewerSetting", mem.fewerTasks().key() + "=" + mem.fewerTasks().value());
        scope.put("perTaskAfter", Format.bytes(mem.heapBytes() / fewer));
        scope.put("heapAfter", mem.moreHeapWords());
        scope.put("peakHeap", Format.bytes(e.peakJvmHeapBytes()));
        scope.put("slots", e.slots());
        scope.put("acrossBatches", e.batches() > 1);
        scope.put("batches", e.batches());
        scope.put("batchShare", Format.percent(e.batchGcShare()));
        scope.put("peakShare", Format.percent((double) e.peakJvmHeapBytes() / Math.max(1, e.heapBytes())));
        Messages m = Messages.of(GcPressureRule.ID, scope, t);
        // Most GC time under pressure is collector work caused by a crowded heap; count it as the saving.
        Savings saving = Savings.of(e.gcTimeMs() / e.slots(), e.gcTimeMs()).upTo();

        Checks stage = Checks.ofStage(e.stageId());
        if (!e.heapNearLimit()) {
            Step churn = new Step(1, List.of(Change.code(m.text("churnChange"), m.text("churnSnippet"))), m.list("churnChecks"),
                    m.text("churnRollback"), List.of(stage.gcUnder(t, GcPressureRule.MEDIUM_RATIO), Checks.ofRun().notSlower(t)));
            return Remedy.of(m, "churnSummary", List.of(churn), saving);
        }
        Step doubleHeap = new Step(2, mem.moreHeap(),
                m.list("heapChecks"), m.text("heapRollback"), List.of(stage.gcUnder(t, GcPressureRule.MEDIUM_RATIO), heapNotFull(t, m), slotsStillStart(e, m)));
        List<Step> steps = fewer < mem.tasksPerExecutor()
                ? List.of(new Step(1, List.of(mem.fewerTasks()), m.list("coresChecks"),
                        m.text("coresRollback"), List.of(stage.gcUnder(t, GcPressureRule.MEDIUM_RATIO), Checks.ofRun().notSlower(t),
                                stage.noOutOfMemory(), stage.noNewSpill())), doubleHeap)
                : List.of(new Step(1, doubleHeap.changes(), doubleHeap.checks(), doubleHeap.rollbackWhen(), doubleHeap.verify()));
        return Remedy.of(m, "summary", steps, saving);
    }

    private static MetricCheck heapNotFull(Thresholds t, Messages m) {
        return new MetricCheck(Metric.PEAK_HEAP_SHARE.ofRun(), Comparison.BELOW, t.get(GcPressureRule.MAX_HEAP_SHARE_AFTER),
                m.text("heapNotFullCheck"));
    }

    /** A heap the nodes cannot fit leaves executors unscheduled: the run gets fewer slots. */
    private static MetricCheck slotsStillStart(GcPressureEvidence e, Messages m) {
        return new MetricCheck(Metric.SLOTS.ofRun(), Comparison.AT_LEAST, e.slots(), m.text("slotsCheck"));
    }
}
