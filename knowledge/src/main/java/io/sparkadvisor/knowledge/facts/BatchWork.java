package io.sparkadvisor.knowledge.facts;

/**
 * The Spark work that ran one micro-batch: its jobs carry the query and batch ids in their local
 * properties ({@code sql.streaming.queryId}, {@code streaming.sql.batchId}).
 *
 * @param maxStageTasks the most tasks of one stage: the batch's widest parallelism
 */
public record BatchWork(int jobs, int stages, long tasks, int maxStageTasks, long executorRunTimeMs,
        long executorCpuTimeMs) {

    public static final BatchWork NONE = new BatchWork(0, 0, 0, 0, 0, 0);

    public BatchWork plus(BatchWork o) {
        return new BatchWork(jobs + o.jobs, stages + o.stages, tasks + o.tasks, Math.max(maxStageTasks, o.maxStageTasks),
                executorRunTimeMs + o.executorRunTimeMs, executorCpuTimeMs + o.executorCpuTimeMs);
    }
}
