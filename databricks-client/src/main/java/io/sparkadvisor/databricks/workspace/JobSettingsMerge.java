package io.sparkadvisor.databricks.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * What {@code jobs/update} does to stored settings, for workspaces that are not Databricks (the
 * folder, the test emulator): top-level fields are replaced, except {@code job_clusters} and
 * {@code tasks}, whose entries are replaced one by one by their key and otherwise kept.
 */
public final class JobSettingsMerge {
    private static final Map<String, String> KEYED_ARRAYS = Map.of("job_clusters", "job_cluster_key", "tasks", "task_key");

    private JobSettingsMerge() {
    }

    public static ObjectNode merge(ObjectNode current, ObjectNode changes) {
        ObjectNode merged = current.deepCopy();
        changes.fields().forEachRemaining(field -> {
            String key = KEYED_ARRAYS.get(field.getKey());
            if (key != null && merged.get(field.getKey()) instanceof ArrayNode entries) {
                field.getValue().forEach(entry -> replaceOrAdd(entries, key, entry));
            } else {
                merged.set(field.getKey(), field.getValue().deepCopy());
            }
        });
        return merged;
    }

    private static void replaceOrAdd(ArrayNode entries, String key, JsonNode entry) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).path(key).equals(entry.path(key))) {
                entries.set(i, entry.deepCopy());
                return;
            }
        }
        entries.add(entry.deepCopy());
    }
}
