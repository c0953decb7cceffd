package io.sparkadvisor.rules.execution;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.List;

/**
 * GC pressure in one stage: the share of its tasks' run time the JVM spent collecting garbage
 * (Dr. Elephant's GC ratio, per stage so the finding names where it happens), and the heap each
 * task shares.
 *
 * <p>JSON evidence keys of the gc-pressure finding: {@code gcTimeMs}, {@code executorRunTimeMs},
 * {@code gcShare}, {@code stageWallMs}, {@code heapBytes}, {@code tasksPerExecutor},
 * {@code heapPerTaskBytes}, {@code peakJvmHeapBytes}.
 */
public record GcPressureEvidence(int stageId, long stageWallMs, long gcTimeMs, long executorRunTimeMs,
        TaskMemory memory, long peakJvmHeapBytes, int slots, long appDurationMs) {

    public static List<GcPressureEvidence> of(RunView run) {
        TaskMemory memory = TaskMemory.of(run);
        long peakHeap = run.facts().executors().stream().mapToLong(x -> x.peakJvmHeapBytes()).max().orElse(0);
        return run.finalStages().stream().filter(s -> s.sum(TaskMetric.JVM_GC_TIME) > 0)
                .map(s -> of(run, s, memory, peakHeap)).toList();
    }

    private static GcPressureEvidence of(RunView run, StageFacts s, TaskMemory memory, long peakHeap) {
        return new GcPressureEvidence(s.stageId(), s.wallMs(), s.sum(TaskMetric.JVM_GC_TIME),
                s.sum(TaskMetric.EXECUTOR_RUN_TIME), memory, peakHeap, run.slots(), run.appDurationMs());
    }

    public double gcShare() {
        return (double) gcTimeMs / Math.max(1, executorRunTimeMs);
    }
}
