package io.sparkadvisor.knowledge.facts;

/**
 * Failed task attempts of one stage grouped by cause. {@code kind} is Spark's end reason
 * (ExceptionFailure, ExecutorLostFailure, FetchFailed, TaskKilled, ...); {@code outOfMemory} is set
 * when the exception or executor-loss message names an OutOfMemoryError or a killed container.
 */
public record TaskFailureFacts(int stageId, String kind, String exceptionClass, String message, boolean outOfMemory,
        int attempts, long wastedTaskMs) {}
