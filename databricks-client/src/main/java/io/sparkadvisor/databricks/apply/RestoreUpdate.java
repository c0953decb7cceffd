package io.sparkadvisor.databricks.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The smallest {@code jobs/update} that turns the current settings into those with a step's keys put
 * back: only the {@code tasks}/{@code job_clusters} entries that differ, each whole (the API replaces
 * an entry whole), and the top-level fields that differ, set again or named in {@code fields_to_remove} when the
 * step had added them. Unlike {@code jobs/reset}, it leaves untouched whatever the two agree on; both
 * sides are raw JSON, so fields this SDK version does not know are sent back byte for byte.
 */
record RestoreUpdate(ObjectNode newSettings, List<String> fieldsToRemove) {
    private static final Map<String, String> KEYED_ARRAYS = Map.of("job_clusters", "job_cluster_key", "tasks", "task_key");

    RestoreUpdate {
        fieldsToRemove = List.copyOf(fieldsToRemove);
    }

    /** What to send; empty when the settings already match. */
    static Optional<RestoreUpdate> of(ObjectNode now, ObjectNode wanted) {
        ObjectNode changes = wanted.objectNode();
        KEYED_ARRAYS.forEach((field, key) -> {
            Map<String, JsonNode> before = byKey(now.path(field), key);
            byKey(wanted.path(field), key).forEach((k, entry) -> {
                if (!entry.equals(before.get(k))) {
                    changes.withArray(field).add(entry);
                }
            });
        });
        List<String> removed = new ArrayList<>();
        for (String field : topLevelFields(now, wanted)) {
            JsonNode value = wanted.get(field);
            if (value == null) {
                removed.add(field);
            } else if (!value.equals(now.get(field))) {
                changes.set(field, value);
            }
        }
        return changes.isEmpty() && removed.isEmpty() ? Optional.empty() : Optional.of(new RestoreUpdate(changes, removed));
    }

    private static Set<String> topLevelFields(JsonNode now, JsonNode wanted) {
        Set<String> names = new TreeSet<>();
        now.fieldNames().forEachRemaining(names::add);
        wanted.fieldNames().forEachRemaining(names::add);
        names.removeAll(KEYED_ARRAYS.keySet());
        return names;
    }

    private static Map<String, JsonNode> byKey(JsonNode entries, String key) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.path(key).asText(), e));
        return out;
    }
}
