package io.sparkadvisor.databricks.fetch;

import io.sparkadvisor.databricks.WorkspaceSource;

/** Spark's monitoring REST API ({@code /api/v1}) of one running cluster, reached through the workspace's driver proxy. */
public final class SparkRestClient {
    private final WorkspaceSource source;
    private final String clusterId;

    public SparkRestClient(WorkspaceSource source, String clusterId) {
        this.source = source;
        this.clusterId = clusterId;
    }

    /** JSON of e.g. {@code applications} or {@code applications/<app>/stages?withSummaries=true}. */
    public String get(String apiV1Path) {
        return source.sparkRest(clusterId, apiV1Path);
    }
}
