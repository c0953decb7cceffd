package io.sparkadvisor.knowledge.facts;

/**
 * How much of the log was read: events parsed, task-end events, event types skipped because they
 * are unknown (vendor or newer Spark), and whether the log ended mid-line (an application still running).
 */
public record Coverage(long events, long tasks, long unknownEvents, boolean truncated) {}
