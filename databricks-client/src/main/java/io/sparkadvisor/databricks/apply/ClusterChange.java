package io.sparkadvisor.databricks.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One step of a recommendation, as edits to a job's cluster definition. Null fields are left alone.
 * In {@code sparkConf} and {@code sparkEnvVars} a null value removes the key. A fixed
 * {@code numWorkers} replaces autoscaling, and {@code minWorkers}/{@code maxWorkers} replace a
 * fixed size, because the API accepts only one of the two. {@code driverNodeTypeId} pins the driver (a node-type
 * step keeps it where it was when it followed the workers' type).
 */
public record ClusterChange(ClusterTarget target, Map<String, String> sparkConf, Map<String, String> sparkEnvVars,
        Long numWorkers, Long minWorkers, Long maxWorkers, String nodeTypeId, String driverNodeTypeId) implements SettingsChange {

    public ClusterChange {
        sparkConf = sparkConf == null ? Map.of() : new HashMap<>(sparkConf);
        sparkEnvVars = sparkEnvVars == null ? Map.of() : new HashMap<>(sparkEnvVars);
    }

    /** A change that leaves the driver's node type alone. */
    public ClusterChange(ClusterTarget target, Map<String, String> sparkConf, Map<String, String> sparkEnvVars,
            Long numWorkers, Long minWorkers, Long maxWorkers, String nodeTypeId) {
        this(target, sparkConf, sparkEnvVars, numWorkers, minWorkers, maxWorkers, nodeTypeId, null);
    }

    public static ClusterChange sparkConf(ClusterTarget target, String key, String value) {
        Map<String, String> conf = new HashMap<>();
        conf.put(key, value);
        return new ClusterChange(target, conf, null, null, null, null, null);
    }

    /** Edits a {@code new_cluster} as raw JSON, so that every field this change does not touch stays as it was. */
    void applyTo(ObjectNode spec) {
        if (!sparkConf.isEmpty()) {
            merge(object(spec, "spark_conf"), sparkConf);
        }
        if (!sparkEnvVars.isEmpty()) {
            merge(object(spec, "spark_env_vars"), sparkEnvVars);
        }
        if (numWorkers != null) {
            spec.put("num_workers", numWorkers);
            spec.remove("autoscale");
        }
        if (minWorkers != null || maxWorkers != null) {
            ObjectNode range = object(spec, "autoscale");
            Optional.ofNullable(minWorkers).ifPresent(n -> range.put("min_workers", n));
            Optional.ofNullable(maxWorkers).ifPresent(n -> range.put("max_workers", n));
            spec.remove("num_workers");
        }
        if (nodeTypeId != null) {
            spec.put("node_type_id", nodeTypeId);
        }
        if (driverNodeTypeId != null) {
            spec.put("driver_node_type_id", driverNodeTypeId);
        }
    }

    private static ObjectNode object(ObjectNode parent, String field) {
        return parent.get(field) instanceof ObjectNode existing ? existing : parent.putObject(field);
    }

    private static void merge(ObjectNode current, Map<String, String> edits) {
        edits.forEach((k, v) -> {
            if (v == null) {
                current.remove(k);
            } else {
                current.put(k, v);
            }
        });
    }
}
