package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.partitionsizing.PartitionSizingRule;
import io.sparkadvisor.rules.execution.ShuffleRead;
import io.sparkadvisor.rules.execution.skew.SkewRule;
import io.sparkadvisor.rules.thresholds.GeneralThresholds;
import io.sparkadvisor.rules.thresholds.Thresholds;

/**
 * What a stage has to cut into partitions, and where its count came from: shared by the rules that propose a partition
 * count for a stage (partition-sizing, idle-slots), so that they size it alike. A count is justified only by what the
 * stage splits: at least {@link PartitionSizingRule#MIN_PARTITION_BYTES} of its bytes and
 * {@link GeneralThresholds#FOLLOW_UP_MIN_MEDIAN_TASK_MS} of its work per partition (the follow-up checks that tasks stay
 * that long); a stage that read neither bytes nor records (a listing or planning job, a driver-side action) has nothing
 * to split.
 *
 * @param stageId the stage
 * @param tasks the partitions it was cut into (its task count; its successful tasks where they are more)
 * @param bytes bytes it read: its input (files) and the shuffle it read
 * @param records records it read, input and shuffle
 * @param workMs executor run time of its tasks: the work a new cut spreads (waiting, scheduling and fetching results
 *        are not spread by it)
 * @param workSpanMs how long that work kept the stage running (the longest task's run time, or as many waves of the
 *        median task's as the tasks need on the slots)
 * @param maxToMedian the longest task over the median one: a straggler is skew's or a node's problem, not the count's
 * @param countByCode the n of the job's own repartition(n) that cut the stage's input ({@link ShuffleRead#countByCode}),
 *        -1 without one
 * @param sqlPlan whether the stage runs a SQL plan; an RDD stage (MLlib's evaluators, the job's own RDD code) takes its
 *        partitions from the RDD it maps
 */
public record StagePartitions(int stageId, int tasks, long bytes, long records, long workMs, long workSpanMs,
        double maxToMedian, int countByCode, boolean sqlPlan) {

    /** The stage with its input as partition-sizing counts it: its file scan's bytes, else its input metric. */
    public static StagePartitions of(RunView run, StageFacts stage) {
        return of(run, stage, ScanRead.in(run, stage).map(r -> r.scan().bytesRead()).orElse(stage.sum(TaskMetric.INPUT_BYTES)));
    }

    public static StagePartitions of(RunView run, StageFacts stage, long inputBytes) {
        var runTime = stage.metric(TaskMetric.EXECUTOR_RUN_TIME);
        int slots = run.slots();
        long waves = (Math.max(stage.numTasks(), stage.successfulTasks()) + slots - 1) / Math.max(1, slots);
        return new StagePartitions(stage.stageId(), Math.max(stage.numTasks(), stage.successfulTasks()), inputBytes + stage.sum(TaskMetric.SHUFFLE_READ_BYTES),
                stage.sum(TaskMetric.INPUT_RECORDS) + stage.sum(TaskMetric.SHUFFLE_READ_RECORDS), runTime.sum(),
                Math.max(runTime.max(), waves * runTime.p50()), RunMetrics.maxToMedian(stage),
                ShuffleRead.countByCode(run, stage).orElse(-1), run.sqlOf(stage).isPresent());
    }

    /**
     * The partition count the stage's data and work justify, at most {@code ceiling}: no partition under the minimum
     * bytes of what it read, none under the minimum median task of work; 0 when the stage read nothing.
     */
    public long justified(long ceiling, Thresholds t) {
        if (bytes <= 0 && records <= 0) {
            return 0;
        }
        long byBytes = bytes > 0 ? bytes / t.getLong(PartitionSizingRule.MIN_PARTITION_BYTES) : Long.MAX_VALUE;
        long byWork = (long) (workMs / Math.max(1, t.get(GeneralThresholds.FOLLOW_UP_MIN_MEDIAN_TASK_MS)));
        return Math.min(ceiling, Math.min(byBytes, byWork));
    }

    /**
     * The wall time the same work would take cut into {@code partitions} equal tasks on {@code slots}: whole waves of
     * a partition's share of the work.
     */
    public long workSpanAt(long partitions, int slots) {
        long p = Math.max(1, partitions);
        return (p + slots - 1) / Math.max(1, slots) * (workMs / p);
    }

    /** Whether the stage's longest task is a straggler: at least {@link SkewRule#MIN_RATIO} times the median. */
    public boolean straggler(Thresholds t) {
        return maxToMedian >= t.get(SkewRule.MIN_RATIO);
    }
}
