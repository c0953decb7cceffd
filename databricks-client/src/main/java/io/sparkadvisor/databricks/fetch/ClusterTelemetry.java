package io.sparkadvisor.databricks.fetch;

import java.util.List;

/**
 * One cluster a run used, with everything read about it. A job cluster shared by several tasks
 * appears once, with all their task keys.
 *
 * @param clusterJson       {@code clusters/get} JSON, or the declared {@code new_cluster} JSON when the
 *                          cluster is gone; null when neither is known. Snake_case as in the REST API.
 * @param events            empty both when the cluster had none in the run's window and when they
 *                          could not be read ({@code eventsUnavailable} tells which)
 * @param eventsUnavailable null when the events were read; else a sentence for the reader saying
 *                          why they are missing (the cluster was deleted) and what the analysis used instead
 * @param declaredSpecJson  the {@code new_cluster} the run declared for it ({@code runs/get}), what the
 *                          advice is sized for; null for an existing all-purpose cluster
 */
public record ClusterTelemetry(String clusterId, List<String> taskKeys, String clusterJson,
        List<ClusterEventSummary> events, String eventsUnavailable, EventLog eventLog, String declaredSpecJson) {
}
