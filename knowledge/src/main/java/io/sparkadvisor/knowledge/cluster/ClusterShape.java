package io.sparkadvisor.knowledge.cluster;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The compute a run used, as Databricks describes it ({@code clusters/get} or a job's
 * {@code new_cluster}), joined with the node catalogue. {@code autoscaleMin/Max} are 0 without autoscaling.
 * {@code accessMode} is the API's {@code data_security_mode} ({@code SINGLE_USER}, {@code USER_ISOLATION},
 * {@code DATA_SECURITY_MODE_DEDICATED}, ...), empty when unknown. {@code availability} is the
 * {@code aws_attributes} / {@code azure_attributes} / {@code gcp_attributes} availability
 * ({@code SPOT_WITH_FALLBACK}, {@code ON_DEMAND_AZURE}, {@code PREEMPTIBLE_GCP}, ...) and
 * {@code runtimeEngine} the API's {@code runtime_engine} ({@code PHOTON}, {@code STANDARD}), each empty when absent.
 * {@code catalogue} is every node type the workspace offers ({@code clusters/list-node-types}), empty when not given.
 */
public record ClusterShape(String clusterId, String sparkVersion, Cloud cloud, String nodeTypeId,
        String driverNodeTypeId, int numWorkers, int autoscaleMin, int autoscaleMax, String accessMode,
        boolean singleNode, Map<String, String> sparkConf, Map<String, String> sparkEnvVars,
        Optional<NodeType> workerNode, Optional<NodeType> driverNode, String availability, String runtimeEngine,
        List<NodeType> catalogue) {

    public ClusterShape {
        catalogue = catalogue == null ? List.of() : List.copyOf(catalogue); // facts saved before the catalogue was kept
    }

    public boolean autoscaling() {
        return autoscaleMax > 0;
    }

    /** Workers at the largest size the cluster can reach. */
    public int maxWorkers() {
        return autoscaling() ? autoscaleMax : numWorkers;
    }

    /** The worker-type machines paid for at the largest size: a single-node cluster's one machine counts as one. */
    public int billedWorkers() {
        return Math.max(1, maxWorkers());
    }

    /** The workers' list price an hour at the largest size (DBUs and machine), when the node type's price is known. */
    public Optional<Double> workersDollarsPerHour() {
        return NodePrices.of(nodeTypeId).map(p -> p.dollarsPerHour() * billedWorkers());
    }

    /** Dedicated (single-user) access passes every environment variable to Spark; standard (shared) access does not. */
    public Optional<Boolean> dedicatedAccess() {
        return switch (accessMode) {
            case "SINGLE_USER", "DATA_SECURITY_MODE_DEDICATED", "NONE", "LEGACY_SINGLE_USER" -> Optional.of(true);
            case "USER_ISOLATION", "DATA_SECURITY_MODE_STANDARD", "LEGACY_TABLE_ACL", "LEGACY_PASSTHROUGH" ->
                    Optional.of(false);
            default -> Optional.empty();
        };
    }

    public Optional<String> sparkConf(String key) {
        return Optional.ofNullable(sparkConf.get(key));
    }
}
