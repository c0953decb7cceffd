package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.whatif.SlotSimulator;
import java.util.List;
import java.util.Optional;

/**
 * A stage whose tasks hold slots while waiting: CPU time far below run time while more tasks than
 * slots queue. Carries the cluster facts the preconditions of SPARK_WORKER_CORES depend on.
 * Waiting is what is neither CPU nor GC (GC runs outside the task thread's CPU time).
 * JSON evidence keys: stageId, tasks, slots, cpuShare, gcShare, medianTaskMs, queuedTaskMs, queuedShare,
 * stageWallMs, appShare, workerCores, slotsStep1, slotsStep2, predictedMsStep1, predictedMsStep2,
 * whatIfModelError (the replay's error at the observed slots).
 */
public record IoBoundEvidence(int stageId, int tasks, int slots, long runTimeMs, long cpuTimeMs, double cpuShare,
        double gcShare, long medianTaskMs, long queuedTaskMs, double queuedShare, long stageWallMs, double appShare, long appDurationMs,
        int workerCores, Optional<ClusterShape> cluster, Optional<Integer> executorCores, SlotSimulator whatIf) {

    public static List<IoBoundEvidence> of(RunView run) {
        return run.finalStages().stream().filter(s -> s.successfulTasks() > 0).map(s -> of(run, s)).toList();
    }

    private static IoBoundEvidence of(RunView run, StageFacts s) {
        long runTime = Math.max(1, s.sum(TaskMetric.EXECUTOR_RUN_TIME));
        return new IoBoundEvidence(s.stageId(), s.successfulTasks(), run.slots(), runTime,
                s.sum(TaskMetric.EXECUTOR_CPU_TIME), RunMetrics.cpuShare(s), RunMetrics.gcShare(s), s.metric(TaskMetric.DURATION).p50(), s.queuedTaskMs(), (double) s.queuedTaskMs() / runTime,
                s.wallMs(), (double) s.wallMs() / run.appDurationMs(), run.appDurationMs(), run.workerCores(),
                run.cluster(), run.sparkSetting("spark.executor.cores").map(v -> Integer.parseInt(v.trim())), run.whatIf());
    }

    /** Share of task run time spent computing: CPU of the task thread plus JVM garbage collection. */
    public double computeShare() {
        return cpuShare + gcShare;
    }

    /** Average time a task of this stage waited for a slot after the stage was submitted. */
    public long meanQueuedMs() {
        return queuedTaskMs / Math.max(1, tasks);
    }
}
