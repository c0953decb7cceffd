package io.sparkadvisor.databricks.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The smallest {@code jobs/update} that turns the current settings back into recorded ones: only
 * the top-level fields and the {@code tasks}/{@code job_clusters} entries that differ, plus
 * {@code fields_to_remove} for what was added since. Unlike {@code jobs/reset}, it leaves untouched
 * whatever the two agree on; both sides are raw JSON, so fields this SDK version does not know are
 * compared and restored byte for byte like any other.
 */
record RestoreUpdate(ObjectNode newSettings, List<String> fieldsToRemove) {
    private static final Map<String, String> KEYED_ARRAYS = Map.of("job_clusters", "job_cluster_key", "tasks", "task_key");

    /** Null when the settings already match. */
    static RestoreUpdate of(ObjectNode now, ObjectNode wanted) {
        ObjectNode changes = wanted.objectNode();
        List<String> remove = new ArrayList<>();
        Set<String> fields = new LinkedHashSet<>();
        now.fieldNames().forEachRemaining(fields::add);
        wanted.fieldNames().forEachRemaining(fields::add);
        for (String field : fields) {
            String key = KEYED_ARRAYS.get(field);
            if (key != null) {
                Map<String, JsonNode> before = byKey(now.path(field), key);
                Map<String, JsonNode> after = byKey(wanted.path(field), key);
                after.forEach((k, entry) -> {
                    if (!entry.equals(before.get(k))) {
                        changes.withArray(field).add(entry);
                    }
                });
                before.keySet().stream().filter(k -> !after.containsKey(k)).forEach(k -> remove.add(field + "/" + k));
            } else if (!wanted.has(field)) {
                remove.add(field);
            } else if (!wanted.get(field).equals(now.get(field))) {
                changes.set(field, wanted.get(field));
            }
        }
        return changes.isEmpty() && remove.isEmpty() ? null : new RestoreUpdate(changes, remove);
    }

    private static Map<String, JsonNode> byKey(JsonNode entries, String key) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.path(key).asText(), e));
        return out;
    }
}
