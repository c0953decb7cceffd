package io.sparkadvisor.databricks.apply;

import com.databricks.sdk.service.compute.AutoScale;
import com.databricks.sdk.service.compute.ClusterSpec;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One step of a recommendation, as edits to a job's cluster definition. Null fields are left alone.
 * In {@code sparkConf} and {@code sparkEnvVars} a null value removes the key. A fixed
 * {@code numWorkers} replaces autoscaling, and {@code minWorkers}/{@code maxWorkers} replace a
 * fixed size, because the API accepts only one of the two.
 */
public record ClusterChange(ClusterTarget target, Map<String, String> sparkConf, Map<String, String> sparkEnvVars,
        Long numWorkers, Long minWorkers, Long maxWorkers, String nodeTypeId) {

    public ClusterChange {
        sparkConf = sparkConf == null ? Map.of() : new HashMap<>(sparkConf);
        sparkEnvVars = sparkEnvVars == null ? Map.of() : new HashMap<>(sparkEnvVars);
    }

    public static ClusterChange sparkConf(ClusterTarget target, String key, String value) {
        Map<String, String> conf = new HashMap<>();
        conf.put(key, value);
        return new ClusterChange(target, conf, null, null, null, null, null);
    }

    void applyTo(ClusterSpec spec) {
        if (!sparkConf.isEmpty()) {
            spec.setSparkConf(merged(spec.getSparkConf(), sparkConf));
        }
        if (!sparkEnvVars.isEmpty()) {
            spec.setSparkEnvVars(merged(spec.getSparkEnvVars(), sparkEnvVars));
        }
        if (numWorkers != null) {
            spec.setNumWorkers(numWorkers).setAutoscale(null);
        }
        if (minWorkers != null || maxWorkers != null) {
            AutoScale range = Optional.ofNullable(spec.getAutoscale()).orElseGet(AutoScale::new);
            Optional.ofNullable(minWorkers).ifPresent(range::setMinWorkers);
            Optional.ofNullable(maxWorkers).ifPresent(range::setMaxWorkers);
            spec.setAutoscale(range).setNumWorkers(null);
        }
        if (nodeTypeId != null) {
            spec.setNodeTypeId(nodeTypeId);
        }
    }

    private static Map<String, String> merged(Map<String, String> current, Map<String, String> edits) {
        Map<String, String> out = new LinkedHashMap<>(Optional.ofNullable(current).orElse(Map.of()));
        edits.forEach((k, v) -> {
            if (v == null) {
                out.remove(k);
            } else {
                out.put(k, v);
            }
        });
        return out;
    }
}
