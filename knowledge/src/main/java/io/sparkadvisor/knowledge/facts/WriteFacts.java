package io.sparkadvisor.knowledge.facts;

import java.util.List;

/** A write to a table or path: the command, what was written, and the plan's sorting/partitioning just below it. */
public record WriteFacts(int nodeId, String command, String location, long filesWritten, long bytesWritten,
        long rowsWritten, long partitionsWritten, List<Integer> stageIds) {}
