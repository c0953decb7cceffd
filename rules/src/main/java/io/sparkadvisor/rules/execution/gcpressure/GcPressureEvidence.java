package io.sparkadvisor.rules.execution.gcpressure;

import io.sparkadvisor.knowledge.facts.RecurringStage;
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
 * more memory the remedy. A streaming query's stage is judged across the micro-batches that ran it
 * ({@link RecurringStage}): its times are summed over them, and the median batch must collect as much as
 * one batch run's stage must, so that one batch's collection raises nothing.
 *
 * @param gcTimeMs JVM GC time summed over the stage's tasks (over every batch that ran it, for a streaming stage)
 * @param executorRunTimeMs executor run time summed over the stage's tasks (likewise)
 * @param gcShare gcTimeMs / executorRunTimeMs
 * @param stageWallMs the stage's wall time, submission to completion (summed over its batches, for a streaming stage)
 * @param heapBytes the executor heap (the driver's in local mode)
 * @param tasksPerExecutor tasks that run at once in one executor and share its heap
 * @param heapPerTaskBytes heapBytes / tasksPerExecutor
 * @param peakJvmHeapBytes the largest JVM heap used by any executor of the run
 * @param heapNearLimit the peak reached {@code memory.heapNearLimitShare} of the heap: memory per task was short
 * @param stageId the stage
 * @param memory the heap one running task shares, for the steps that give it more
 * @param slots task slots of the run
 * @param appDurationMs the run's duration
 * @param batches the micro-batches of a streaming query that ran the stage; 1 for a stage of a batch run
 * @param batchGcShare the median over those batches of each batch's GC share (gcShare for a batch run's stage)
 */
public record GcPressureEvidence(long gcTimeMs, long executorRunTimeMs, double gcShare, long stageWallMs, long heapBytes,
        int tasksPerExecutor, long heapPerTaskBytes, long peakJvmHeapBytes, boolean heapNearLimit, @Internal int stageId,
        @Internal TaskMemory memory, @Internal int slots, @Internal long appDurationMs, long batches,
        double batchGcShare) implements Evidence {

    public static List<GcPressureEvidence> of(RunView run, Thresholds t) {
        TaskMemory memory = TaskMemory.of(run, t);
        RunMemory heap = run.memory(t);
        return run.finalStages().stream().map(s -> run.recurring(s)
                        .map(r -> acrossBatches(s.stageId(), r, memory, heap.peakHeapBytes(), heap.heapNearLimit(t), run.slots(),
                                run.appDurationMs()))
                        .orElseGet(() -> of(s.stageId(), s.wallMs(), s.sum(TaskMetric.JVM_GC_TIME),
                                s.sum(TaskMetric.EXECUTOR_RUN_TIME), memory, heap.peakHeapBytes(), heap.heapNearLimit(t),
                                run.slots(), run.appDurationMs())))
                .filter(e -> e.gcTimeMs() > 0).toList();
    }

    /** The evidence of a batch run's stage from its measured numbers; the share and the heap per task are computed here. */
    public static GcPressureEvidence of(int stageId, long stageWallMs, long gcTimeMs, long executorRunTimeMs,
            TaskMemory memory, long peakJvmHeapBytes, boolean heapNearLimit, int slots, long appDurationMs) {
        double share = (double) gcTimeMs / Math.max(1, executorRunTimeMs);
        return new GcPressureEvidence(gcTimeMs, executorRunTimeMs, share, stageWallMs, memory.heapBytes(),
                memory.tasksPerExecutor(), memory.perTaskBytes(), peakJvmHeapBytes, heapNearLimit, stageId, memory, slots,
                appDurationMs, 1, share);
    }

    /**
     * A streaming query's stage over every micro-batch that ran it ({@code stageId}: its latest batch's instance): its
     * wall, GC and run times summed over them, and the median batch's GC share.
     */
    static GcPressureEvidence acrossBatches(int stageId, RecurringStage r, TaskMemory memory, long peakJvmHeapBytes,
            boolean heapNearLimit, int slots, long appDurationMs) {
        long wall = r.totalWallMs();
        GcPressureEvidence sums = of(stageId, wall, r.total(TaskMetric.JVM_GC_TIME), r.total(TaskMetric.EXECUTOR_RUN_TIME),
                memory, peakJvmHeapBytes, heapNearLimit, slots, appDurationMs);
        return new GcPressureEvidence(sums.gcTimeMs, sums.executorRunTimeMs, sums.gcShare, wall, sums.heapBytes,
                sums.tasksPerExecutor, sums.heapPerTaskBytes, peakJvmHeapBytes, heapNearLimit, stageId, memory, slots,
                appDurationMs, r.batches(), r.gcShare().p50());
    }

    @Override
    public List<Integer> stageIds() {
        return List.of(stageId);
    }
}
