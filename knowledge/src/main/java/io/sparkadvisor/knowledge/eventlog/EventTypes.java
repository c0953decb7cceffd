package io.sparkadvisor.knowledge.eventlog;

import java.util.Set;

/** The event types the reader hands on as JSON, and those it knows but has no use for (not counted as unknown). */
final class EventTypes {
    static final String TASK_END = "SparkListenerTaskEnd";
    private static final String SQL = "org.apache.spark.sql.execution.ui.";

    static final Set<String> USED = Set.of(
            "SparkListenerLogStart", "SparkListenerApplicationStart", "SparkListenerApplicationEnd",
            "SparkListenerEnvironmentUpdate", "SparkListenerExecutorAdded", "SparkListenerExecutorRemoved",
            "SparkListenerBlockManagerAdded", "SparkListenerJobStart", "SparkListenerJobEnd",
            "SparkListenerExecutorMetricsUpdate",
            "SparkListenerStageSubmitted", "SparkListenerStageCompleted", "SparkListenerStageExecutorMetrics",
            SQL + "SparkListenerSQLExecutionStart", SQL + "SparkListenerSQLExecutionEnd",
            SQL + "SparkListenerSQLAdaptiveExecutionUpdate", SQL + "SparkListenerSQLAdaptiveSQLMetricUpdates",
            SQL + "SparkListenerDriverAccumUpdates");

    static final Set<String> IGNORED = Set.of(
            "SparkListenerTaskStart", "SparkListenerTaskGettingResult", "SparkListenerBlockManagerRemoved",
            "SparkListenerUnpersistRDD", "SparkListenerBlockUpdated", "SparkListenerSpeculativeTaskSubmitted",
            "SparkListenerResourceProfileAdded",
            "SparkListenerMiscellaneousProcessAdded", "SparkListenerExecutorBlacklisted",
            "SparkListenerExecutorExcluded", "SparkListenerExecutorUnblacklisted", "SparkListenerExecutorUnexcluded",
            "SparkListenerNodeBlacklisted", "SparkListenerNodeExcluded", "SparkListenerNodeUnblacklisted",
            "SparkListenerNodeUnexcluded", "SparkListenerExecutorBlacklistedForStage",
            "SparkListenerExecutorExcludedForStage", "SparkListenerNodeBlacklistedForStage",
            "SparkListenerNodeExcludedForStage", "SparkListenerUnschedulableTaskSetAdded",
            "SparkListenerUnschedulableTaskSetRemoved");

    private EventTypes() {}
}
