package io.sparkadvisor.knowledge.facts;

import java.util.Map;

/**
 * One stage a streaming query runs in every micro-batch, summarised over the batches in constant space: a week of
 * batches keeps one of these, not a {@link StageFacts} per batch. "The same stage" across batches is its name (the call
 * site) and its position among the stages of its batch. Only the stages of each query's latest batch stay as
 * {@link StageFacts}; {@code lastStageId} names this stage's instance among them (when it ran in that batch).
 *
 * @param queryId the streaming query whose batches ran it
 * @param name the stage's name (its call site)
 * @param position its place among its batch's stages, 0 first
 * @param batches batches it ran in (completed attempts)
 * @param lastStageId the stage id of its latest instance
 * @param wallMs the stage's wall time per batch
 * @param taskSkew the longest task over the median task, per batch with at least two tasks
 * @param shuffleSkew the largest task's shuffle read over the median's (bytes or records, whichever is higher), per
 *        batch that read a shuffle
 * @param topPartition the partition (task index) that held the largest share most often: the largest shuffle read
 *        where the stage read one, else the longest task; -1 when none was seen
 * @param topPartitionBatches in how many batches that partition held the largest share
 * @param batchesWithSpill batches in which the stage spilled (from memory)
 * @param taskTotals each task metric summed over the successful tasks of every batch (spill, shuffle read and write,
 *        executor run and CPU time, ...): what the stage did over the whole log
 * @param gcShare the JVM's GC time over the executor run time of its successful tasks, per batch that ran them for a
 *        millisecond or more
 * @param medianTaskMs the median task's duration, per batch
 * @param computeShare the CPU time of the task threads plus the JVM's GC time over the executor run time, per batch
 *        that ran its tasks for a millisecond or more: what is neither is waiting
 * @param queuedTaskMs the time the stage's tasks waited for a slot after it was submitted, summed, per batch
 * @param queuedShare queuedTaskMs over the executor run time, per batch that ran its tasks for a millisecond or more
 */
public record RecurringStage(String queryId, String name, int position, long batches, int lastStageId,
        SeriesSummary wallMs, SeriesSummary taskSkew, SeriesSummary shuffleSkew, int topPartition, long topPartitionBatches,
        long batchesWithSpill, Map<TaskMetric, Long> taskTotals, SeriesSummary gcShare,
        SeriesSummary medianTaskMs, SeriesSummary computeShare, SeriesSummary queuedTaskMs, SeriesSummary queuedShare) {

    public long total(TaskMetric metric) {
        return taskTotals.getOrDefault(metric, 0L);
    }

    /** The time its tasks waited for a slot, summed over every batch. */
    public long totalQueuedTaskMs() {
        return Math.round(queuedTaskMs.mean() * queuedTaskMs.count());
    }

    /** Its wall time summed over every batch. */
    public long totalWallMs() {
        return Math.round(wallMs.mean() * wallMs.count());
    }

    /** The share of its batches in which {@link #topPartition} held the largest share. */
    public double topPartitionShare() {
        return batches == 0 ? 0 : (double) topPartitionBatches / batches;
    }

    /** The share of its batches in which it spilled. */
    public double spillShare() {
        return batches == 0 ? 0 : (double) batchesWithSpill / batches;
    }
}
