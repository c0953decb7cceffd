package io.sparkadvisor.knowledge.facts;

import java.util.List;

/** A Spark job: its stages, the SQL execution it belongs to (-1 if none), and how it ended. */
public record JobFacts(int jobId, long submittedMs, long completedMs, List<Integer> stageIds, long sqlExecutionId,
        String result) {}
