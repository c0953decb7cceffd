package io.sparkadvisor.databricks.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.Map;

/**
 * What {@code jobs/update} does to stored settings, for workspaces that are not Databricks (the
 * folder, the test emulator): top-level fields are replaced, except {@code job_clusters} and
 * {@code tasks}, whose entries are replaced one by one by their key and otherwise kept; then
 * {@code fields_to_remove} ({@code "timeout_seconds"}, {@code "tasks/<task_key>"}) are dropped.
 */
public final class JobSettingsMerge {
    private static final Map<String, String> KEYED_ARRAYS = Map.of("job_clusters", "job_cluster_key", "tasks", "task_key");

    private JobSettingsMerge() {
    }

    public static ObjectNode merge(ObjectNode current, ObjectNode changes, Collection<String> fieldsToRemove) {
        ObjectNode merged = current.deepCopy();
        changes.fields().forEachRemaining(field -> {
            String key = KEYED_ARRAYS.get(field.getKey());
            if (key != null && merged.get(field.getKey()) instanceof ArrayNode entries) {
                field.getValue().forEach(entry -> replaceOrAdd(entries, key, entry));
            } else {
                merged.set(field.getKey(), field.getValue().deepCopy());
            }
        });
        fieldsToRemove.forEach(field -> remove(merged, field));
        return merged;
    }

    private static void remove(ObjectNode settings, String field) {
        int slash = field.indexOf('/');
        if (slash < 0) {
            settings.remove(field);
            return;
        }
        String array = field.substring(0, slash);
        String key = KEYED_ARRAYS.get(array);
        if (key != null && settings.get(array) instanceof ArrayNode entries) {
            for (int i = entries.size() - 1; i >= 0; i--) {
                if (entries.get(i).path(key).asText().equals(field.substring(slash + 1))) {
                    entries.remove(i);
                }
            }
        }
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
