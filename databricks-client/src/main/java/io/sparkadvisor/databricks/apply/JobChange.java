package io.sparkadvisor.databricks.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One step of a recommendation as edits to top-level fields of a job's settings, outside any cluster
 * ({@code performance_target}, {@code health}); a null value removes the field. {@code jobs/update} replaces a
 * top-level field whole, so the update carries only these fields and {@code fields_to_remove} names the removed ones.
 */
public record JobChange(Map<String, JsonNode> fields) implements SettingsChange {
    /** The fields of job_clusters and tasks are cluster entries: a {@link ClusterChange} edits them key by key. */
    private static final List<String> ENTRY_ARRAYS = List.of("job_clusters", "tasks");

    public JobChange {
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("a job change names at least one field");
        }
        fields.keySet().stream().filter(ENTRY_ARRAYS::contains).findFirst().ifPresent(f -> {
            throw new IllegalArgumentException(f + " holds clusters and tasks: change them with a ClusterChange");
        });
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /** A change of one field to a text value ({@code performance_target} = {@code STANDARD}). */
    public static JobChange field(String name, String value) {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        fields.put(name, value == null ? null : TextNode.valueOf(value));
        return new JobChange(fields);
    }

    /** Sets the fields on {@code settings} (edited in place) and returns the update that does the same: the set fields alone. */
    ObjectNode applyTo(ObjectNode settings) {
        ObjectNode update = settings.objectNode();
        fields.forEach((name, value) -> {
            if (value == null) {
                settings.remove(name);
            } else {
                settings.set(name, value.deepCopy());
                update.set(name, value.deepCopy());
            }
        });
        return update;
    }

    /** The fields this change removes, for {@code fields_to_remove}. */
    List<String> removed() {
        return fields.entrySet().stream().filter(e -> e.getValue() == null).map(Map.Entry::getKey).toList();
    }
}
