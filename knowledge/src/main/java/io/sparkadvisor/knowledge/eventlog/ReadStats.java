package io.sparkadvisor.knowledge.eventlog;

/**
 * What one pass over a log saw: events, task ends, skipped unknown event types, corrupt lines
 * skipped (with the first one's line number and reason, e.g. {@code malformed.log: Unexpected
 * character ('_')}), whether it ended mid-event, and the raw bytes read.
 */
public record ReadStats(long events, long taskEnds, long unknownEvents, long skippedLines, long firstSkippedLine,
        String firstSkippedReason, boolean truncated, long bytesRead) {}
