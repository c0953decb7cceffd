package io.sparkadvisor.rules.execution.gcpressure;

import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.execution.TaskMemory;
import io.sparkadvisor.rules.platform.RunMemory;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * GC pressure in one stage: the share of its tasks' run time the JVM spent collecting garbage
 * (Dr. Elephant's GC ratio, per stage so the finding names where it happens), the heap each
 * task shares, and whether the run's heap ({@link RunMemory}) was used near its limit: only then is
 * more memory the remedy.
 *
 * @param gcTimeMs JVM GC time summed over the stage's tasks
 * @param executorRunTimeMs executor run time summed over the stage's tasks
 * @param gcShare gcTimeMs / executorRunTimeMs
 * @param stageWallMs the stage's wall time, submission to completion
 * @param heapBytes the executor heap (the driver's in local mode)
 * @param tasksPerExecutor tasks that run at once in one executor and share its heap
 * @param heapPerTaskBytes heapBytes / tasksPerExecutor
 * @param peakJvmHeapBytes the largest JVM heap used by any executor of the run
 * @param heapNearLimit the peak reached {@code memory.heapNearLimitShare} of the heap: memory per task was short
 * @param stageId the stage
 * @param memory the heap one running task shares, for the steps that give it more
 * @param slots task slots of the run
 * @param appDurationMs the run's duration
 */
public record GcPressureEvidence(long gcTimeMs, long executorRunTimeMs, double gcShare, long stageWallMs, long heapBytes,
        int tasksPerExecutor, long heapPerTaskBytes, long peakJvmHeapBytes, boolean heapNearLimit, @Internal int stageId,
        @Internal TaskMemory memory, @Internal int slots, @Internal long appDurationMs) implements Evidence {

    public static List<GcPressureEvidence> of(RunView run, Thresholds t) {
        TaskMemory memory = TaskMemory.of(run, t);
        RunMemory heap = run.memory(t);
        return run.finalStages().stream().filter(s -> s.sum(TaskMetric.JVM_GC_TIME) > 0)
                .map(s -> of(s.stageId(), s.wallMs(), s.sum(TaskMetric.JVM_GC_TIME), s.sum(TaskMetric.EXECUTOR_RUN_TIME),
                        memory, heap.peakHeapBytes(), heap.heapNearLimit(t), run.slots(), run.appDurationMs())).toList();
    }

    /** The evidence of a stage from its measured numbers; the share and the heap per task are computed here. */
    public static GcPressureEvidence of(int stageId, long stageWallMs, long gcTimeMs, long executorRunTimeMs,
            TaskMemory memory, long peakJvmHeapBytes, boolean heapNearLimit, int slots, long appDurationMs) {
        return new GcPressureEvidence(gcTimeMs, executorRunTimeMs, (double) gcTimeMs / Math.max(1, executorRunTimeMs),
                stageWallMs, memory.heapBytes(), memory.tasksPerExecutor(), memory.perTaskBytes(), peakJvmHeapBytes,
                heapNearLimit, stageId, memory, slots, appDurationMs);
    }

    @Override
    public List<Integer> stageIds() {
        return List.of(stageId);
    }
}
