package io.sparkadvisor.knowledge.facts;

/**
 * Failed task attempts of one stage grouped by cause. {@code kind} is Spark's end reason
 * (ExceptionFailure, ExecutorLostFailure, FetchFailed, TaskKilled, ...); {@code outOfMemory} is set
 * when the exception or executor-loss message names an OutOfMemoryError or a killed container.
 * {@code mostFailuresOfOneTask}: of the tasks this cause failed, the most failed attempts one task had in the stage
 * attempt, counting what Spark counts toward {@code spark.task.maxFailures} (not fetch failures, denied commits or
 * executors lost through no fault of the task); the job fails when it reaches that setting.
 */
public record TaskFailureFacts(int stageId, String kind, String exceptionClass, String message, boolean outOfMemory,
        int attempts, long wastedTaskMs, int mostFailuresOfOneTask) {}
