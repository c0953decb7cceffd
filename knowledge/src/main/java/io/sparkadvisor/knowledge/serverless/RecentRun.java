package io.sparkadvisor.knowledge.serverless;

/**
 * One recent run of the same job as billing saw it: its mode, how long its usage lasted and what it cost.
 *
 * @param runId the job run id ({@code usage_metadata.job_run_id})
 * @param mode the run's performance mode ({@code product_features.performance_target})
 * @param durationMs from its first usage record's start to its last one's end
 * @param dbus DBUs billed
 * @param dollars list cost of those DBUs
 */
public record RecentRun(String runId, PerformanceMode mode, long durationMs, double dbus, double dollars) {
}
