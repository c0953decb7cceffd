package io.sparkadvisor.rules.compare;

import io.sparkadvisor.knowledge.compare.WallShares;
import io.sparkadvisor.knowledge.facts.SlotTimeline;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.StageSignature;

/**
 * What one stage of one run did and what its time went to, in the terms its time difference to another run is put
 * down to: its wall time, its share of the run's wall time ({@link WallShares}), the task time it took (the work
 * divided over the slots its tasks could fill), the records it read, the slots it had, and the task time lost to GC,
 * failed attempts and waiting on the longest task.
 *
 * @param signature  what the stage does (its id, operators, shuffles, tables)
 * @param wallMs     from its submission to its completion
 * @param shareMs    its share of the run's wall time
 * @param tasks      successful tasks
 * @param taskMs     the successful tasks' durations, summed
 * @param records    records read from sources and shuffles (the work)
 * @param bytes      bytes read from sources and shuffles (the work, where a source counts no records)
 * @param slots      task slots while the stage ran (the timeline's average over its window), at least one
 * @param gcMs       JVM GC time of its tasks
 * @param failedMs   task time of its failed attempts
 * @param spillBytes bytes its tasks spilled to disk
 * @param maxTaskMs  its longest task
 * @param medianTaskMs its median task
 * @param partitions shuffle partitions it reads, or tasks when it reads no shuffle
 */
public record StageWork(StageSignature signature, long wallMs, long shareMs, int tasks, long taskMs, long records,
        long bytes, double slots, long gcMs, long failedMs, long spillBytes, long maxTaskMs, long medianTaskMs,
        int partitions) {

    public int stageId() {
        return signature.stageId();
    }

    /** The tasks that could run at once: as many as there are tasks, or slots when fewer. */
    public double parallelism() {
        return Math.max(1, Math.min(tasks, slots));
    }

    /** Wall time if the work were spread evenly over {@link #parallelism()}. */
    public double evenMs() {
        return taskMs / parallelism();
    }

    /** Wall time lost to failed attempts, spread the same way. */
    public double failedWallMs() {
        return failedMs / parallelism();
    }

    /** What the wall time holds beyond the evenly spread work and the failed attempts: waiting on the longest task. */
    public double unevenMs() {
        return wallMs - evenMs() - failedWallMs();
    }

    /** How many times its median task the longest one took. */
    public double maxOverMedian() {
        return medianTaskMs <= 0 ? 1 : (double) maxTaskMs / medianTaskMs;
    }

    static StageWork of(RunView run, StageSignature signature, WallShares shares) {
        StageFacts s = run.finalStages().stream().filter(f -> f.stageId() == signature.stageId()).findFirst().orElseThrow();
        long failed = run.facts().failures().stream().filter(f -> f.stageId() == s.stageId())
                .mapToLong(TaskFailureFacts::wastedTaskMs).sum();
        int partitions = s.sum(TaskMetric.SHUFFLE_READ_RECORDS) > 0 ? run.exchangesInto(s).stream()
                .mapToInt(x -> x.numPartitions()).max().orElse(s.successfulTasks()) : s.successfulTasks();
        return new StageWork(signature, s.wallMs(), shares.stageMs(s.stageId()), s.successfulTasks(), s.sum(TaskMetric.DURATION),
                s.sum(TaskMetric.INPUT_RECORDS) + s.sum(TaskMetric.SHUFFLE_READ_RECORDS),
                s.sum(TaskMetric.INPUT_BYTES) + s.sum(TaskMetric.SHUFFLE_READ_BYTES),
                slots(run, s), s.sum(TaskMetric.JVM_GC_TIME), failed, s.sum(TaskMetric.DISK_BYTES_SPILLED),
                s.metric(TaskMetric.DURATION).max(), s.metric(TaskMetric.DURATION).p50(), partitions);
    }

    /** The slots alive while the stage ran, averaged over the timeline's samples in its window; the run's peak without any. */
    private static double slots(RunView run, StageFacts stage) {
        SlotTimeline t = run.facts().timeline();
        double sum = 0;
        int n = 0;
        for (int i = 0; t != null && i < t.slots().size(); i++) {
            long at = t.startMs() + i * t.stepMs();
            if (at >= stage.submittedMs() && at <= stage.completedMs()) {
                sum += t.slots().get(i);
                n++;
            }
        }
        return Math.max(1, n > 0 && sum > 0 ? sum / n : run.slots());
    }
}
