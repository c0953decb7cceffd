package io.sparkadvisor.knowledge.eventlog;

/** What one pass over a log saw: events, task ends, skipped unknown event types, and whether it ended mid-event. */
public record ReadStats(long events, long taskEnds, long unknownEvents, boolean truncated, long bytesRead) {}
