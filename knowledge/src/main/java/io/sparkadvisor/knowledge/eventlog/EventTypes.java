package io.sparkadvisor.knowledge.eventlog;

import java.util.Set;

/**
 * The event types the reader hands on as JSON, and those it knows but has no use for (not counted
 * as unknown). Spark writes its core events under their simple name, and the others (blacklisting,
 * miscellaneous processes, catalog and streaming-query events) under their full class name.
 */
final class EventTypes {
    static final String TASK_END = "SparkListenerTaskEnd";
    private static final String SQL = "org.apache.spark.sql.execution.ui.";
    private static final String SCHEDULER = "org.apache.spark.scheduler.";
    private static final String CATALOG = "org.apache.spark.sql.catalyst.catalog.";
    private static final String STREAMING_QUERY = "org.apache.spark.sql.streaming.StreamingQueryListener$";

    static final Set<String> USED = Set.of(
            "SparkListenerLogStart", "SparkListenerApplicationStart", "SparkListenerApplicationEnd",
            "SparkListenerEnvironmentUpdate", "SparkListenerExecutorAdded", "SparkListenerExecutorRemoved",
            "SparkListenerBlockManagerAdded", "SparkListenerJobStart", "SparkListenerJobEnd",
            "SparkListenerExecutorMetricsUpdate",
            "SparkListenerStageSubmitted", "SparkListenerStageCompleted", "SparkListenerStageExecutorMetrics",
            SQL + "SparkListenerSQLExecutionStart", SQL + "SparkListenerSQLExecutionEnd",
            SQL + "SparkListenerSQLAdaptiveExecutionUpdate", SQL + "SparkListenerSQLAdaptiveSQLMetricUpdates",
            SQL + "SparkListenerDriverAccumUpdates",
            // Databricks writes it in place of SparkListenerLogStart, at the head of every rolled file
            "DBCEventLoggingListenerMetadata",
            // Structured Streaming; Spark 2.0.0/2.0.1 named them without "Event"
            STREAMING_QUERY + "QueryStartedEvent", STREAMING_QUERY + "QueryProgressEvent",
            STREAMING_QUERY + "QueryIdleEvent", STREAMING_QUERY + "QueryTerminatedEvent",
            STREAMING_QUERY + "QueryStarted", STREAMING_QUERY + "QueryProgress", STREAMING_QUERY + "QueryTerminated");

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

    /** Whether a type we do not use is one Spark itself writes, so it is not counted as unknown. */
    static boolean isIgnored(String type) {
        if (IGNORED.contains(type)) {
            return true;
        }
        if (type.startsWith(SCHEDULER)) {
            return IGNORED.contains(type.substring(SCHEDULER.length()));
        }
        if (type.startsWith(CATALOG)) { // ExternalCatalogEvent: CreateTableEvent, AlterTablePreEvent, ...
            return type.endsWith("Event") && type.indexOf('.', CATALOG.length()) < 0;
        }
        return type.startsWith(STREAMING_QUERY) && type.endsWith("Event"); // one of a later Spark
    }

    private EventTypes() {}
}
