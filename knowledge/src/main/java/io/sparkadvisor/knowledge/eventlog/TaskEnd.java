package io.sparkadvisor.knowledge.eventlog;

import io.sparkadvisor.knowledge.facts.TaskMetric;

/**
 * The fields of one task-end event that the facts need. One instance is reused for every event of
 * a log, so parsing a task allocates nothing per task; consumers copy what they keep.
 */
public final class TaskEnd {
    public int stageId;
    public int stageAttemptId;
    /** The task's partition within its stage attempt: its retries share it. */
    public int index;
    public long launchMs;
    public long finishMs;
    public String executorId;
    public boolean speculative;
    /** Spark's end reason: Success, ExceptionFailure, ExecutorLostFailure, FetchFailed, TaskKilled, ... */
    public String reason;
    public String exceptionClass;
    public String failureMessage;
    /** Whether a lost executor's exit was the task's doing; Spark counts it toward spark.task.maxFailures only then. */
    public boolean exitCausedByApp;
    public long peakJvmHeap;
    public long peakOnHeapExecution;
    public long peakOnHeapStorage;
    public long peakProcessRss;
    public long peakOffHeapUnified;
    public final long[] metrics = new long[TaskMetric.values().length];

    void reset() {
        stageId = -1;
        stageAttemptId = 0;
        index = -1;
        launchMs = 0;
        finishMs = 0;
        executorId = "";
        speculative = false;
        reason = "Success";
        exceptionClass = "";
        failureMessage = "";
        exitCausedByApp = true;
        peakJvmHeap = 0;
        peakOnHeapExecution = 0;
        peakOnHeapStorage = 0;
        peakProcessRss = 0;
        peakOffHeapUnified = 0;
        java.util.Arrays.fill(metrics, 0);
    }

    public boolean succeeded() {
        return "Success".equals(reason);
    }

    public long durationMs() {
        return Math.max(0, finishMs - launchMs);
    }

    public long metric(TaskMetric metric) {
        return metrics[metric.ordinal()];
    }
}
