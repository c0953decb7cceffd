package io.sparkadvisor.bot.approvals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What changed in a job's cluster definition between the analysed run and now. Advice is sized for
 * the cluster the run actually used (its spec in {@code runs/get}); if the job's entry for that
 * cluster is different now (resized, another node type, other Spark settings), an approved step
 * would be computed from one cluster and applied to another: analyse an old run, resize the job
 * from 3 to 20 workers, and "num_workers = 3" would shrink it back.
 */
public final class SpecDrift {
    /** The fields that size a cluster or change how Spark runs on it; their values are shown. */
    private static final List<String> SHAPE_FIELDS = List.of("num_workers", "autoscale", "node_type_id", "driver_node_type_id",
            "spark_version", "runtime_engine");
    /**
     * The settings that change how Spark runs, maps whose values may be credentials (storage keys,
     * JDBC URLs with a password, DB_PASSWORD, AWS_SECRET_ACCESS_KEY): only the names of the keys that
     * changed are shown, since the notice goes to a channel whose members need not see the job.
     * Tags and init scripts do not size a cluster, so they are not compared (nor ever shown).
     */
    private static final List<String> KEYED_FIELDS = List.of("spark_conf", "spark_env_vars");
    private static final ObjectMapper JSON = new ObjectMapper();

    private SpecDrift() {}

    /**
     * The differences, one per field: "field: then → now" for a shape field, "field: N keys changed:
     * a, b" for a settings map; empty when the run's spec is unknown (nothing to
     * compare with) or the entry is as the run had it.
     *
     * @param runSpecJson     the {@code new_cluster} the run declared, null when unknown
     * @param jobSettingsJson the job's settings now
     */
    public static List<String> between(String runSpecJson, String jobSettingsJson, ClusterTarget target) {
        if (runSpecJson == null || jobSettingsJson == null || target == null) {
            return List.of();
        }
        JsonNode then = read(runSpecJson);
        JsonNode now = entry(read(jobSettingsJson), target);
        List<String> differences = new ArrayList<>();
        SHAPE_FIELDS.stream().filter(f -> !then.path(f).equals(now.path(f)))
                .forEach(f -> differences.add(f + ": " + shown(then.path(f)) + " → " + shown(now.path(f))));
        for (String field : KEYED_FIELDS) {
            List<String> keys = changedKeys(then.path(field), now.path(field));
            if (!keys.isEmpty()) {
                differences.add(field + ": " + keys.size() + (keys.size() == 1 ? " key" : " keys") + " changed: " + String.join(", ", keys));
            }
        }
        return differences;
    }

    /** The keys added, removed or given another value, in order. */
    private static List<String> changedKeys(JsonNode then, JsonNode now) {
        Set<String> keys = new TreeSet<>();
        then.fieldNames().forEachRemaining(keys::add);
        now.fieldNames().forEachRemaining(keys::add);
        return keys.stream().filter(k -> !then.path(k).equals(now.path(k))).toList();
    }

    private static JsonNode entry(JsonNode settings, ClusterTarget target) {
        if (target instanceof ClusterTarget.JobCluster j) {
            for (JsonNode jc : settings.path("job_clusters")) {
                if (jc.path("job_cluster_key").asText().equals(j.jobClusterKey())) {
                    return jc.path("new_cluster");
                }
            }
            return MissingNode.getInstance();
        }
        String taskKey = ((ClusterTarget.TaskCluster) target).taskKey();
        for (JsonNode task : settings.path("tasks")) {
            if (task.path("task_key").asText().equals(taskKey)) {
                return task.path("new_cluster");
            }
        }
        return MissingNode.getInstance();
    }

    private static String shown(JsonNode value) {
        return value.isMissingNode() || value.isNull() ? "(not set)" : value.isTextual() ? value.asText() : value.toString();
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
