package io.sparkadvisor.knowledge.facts;

import java.util.List;

/**
 * A Spark job: its stages, the SQL execution it belongs to (-1 if none), how it ended, and its
 * description ({@code spark.job.description}, e.g. Spark's "Listing leaf files and directories for
 * 60 paths"; empty when unset).
 */
public record JobFacts(int jobId, long submittedMs, long completedMs, List<Integer> stageIds, long sqlExecutionId,
        String result, String description) {}
