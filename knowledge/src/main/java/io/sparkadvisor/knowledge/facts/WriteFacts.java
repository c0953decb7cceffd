package io.sparkadvisor.knowledge.facts;

import java.util.List;

/**
 * A write to a table or path: the command, what was written, and the plan's sorting/partitioning just below it.
 * {@code table} is the catalog table the plan names ({@code default.events_w}), "" for a path write or when the plan
 * names none. A Delta write's node carries none of Spark's write metrics (delta-spark writes in a nested execution), so
 * its files, bytes, rows and partitions are 0: not measured.
 */
public record WriteFacts(int nodeId, String command, String location, long filesWritten, long bytesWritten,
        long rowsWritten, long partitionsWritten, List<Integer> stageIds, String table) {}
