package io.sparkadvisor.databricks.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The smallest {@code jobs/update} that turns the current settings into those with a step's keys put
 * back: only the {@code tasks}/{@code job_clusters} entries that differ, each whole (the API replaces
 * an entry whole). Unlike {@code jobs/reset}, it leaves untouched whatever the two agree on; both
 * sides are raw JSON, so fields this SDK version does not know are sent back byte for byte.
 */
final class RestoreUpdate {
    private static final Map<String, String> KEYED_ARRAYS = Map.of("job_clusters", "job_cluster_key", "tasks", "task_key");

    private RestoreUpdate() {
    }

    /** The new settings to send; null when the settings already match. */
    static ObjectNode of(ObjectNode now, ObjectNode wanted) {
        ObjectNode changes = wanted.objectNode();
        KEYED_ARRAYS.forEach((field, key) -> {
            Map<String, JsonNode> before = byKey(now.path(field), key);
            byKey(wanted.path(field), key).forEach((k, entry) -> {
                if (!entry.equals(before.get(k))) {
                    changes.withArray(field).add(entry);
                }
            });
        });
        return changes.isEmpty() ? null : changes;
    }

    private static Map<String, JsonNode> byKey(JsonNode entries, String key) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.path(key).asText(), e));
        return out;
    }
}
