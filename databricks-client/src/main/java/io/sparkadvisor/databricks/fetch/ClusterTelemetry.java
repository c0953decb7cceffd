package io.sparkadvisor.databricks.fetch;

import java.util.List;

/**
 * One cluster a run used, with everything read about it. A job cluster shared by several tasks
 * appears once, with all their task keys.
 *
 * @param clusterJson {@code clusters/get} JSON, or the declared {@code new_cluster} JSON when the
 *                    cluster is gone; null when neither is known. Snake_case as in the REST API.
 */
public record ClusterTelemetry(String clusterId, List<String> taskKeys, String clusterJson,
        List<ClusterEventSummary> events, EventLog eventLog) {
}
