package io.sparkadvisor.databricks.apply;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.SdkJson;
import io.sparkadvisor.databricks.WorkspaceException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one step changed in a job's settings, and nothing else: each key it set, changed or removed
 * in a cluster entry or among the job's own top-level fields ({@code performance_target}, {@code health}), with the
 * value before and after, plus the fingerprints of the whole settings
 * before and after. That is what is kept of a change, instead of the whole settings (which hold
 * storage keys, passwords, notebook parameters, webhook ids): the fingerprint after refuses a roll
 * back once the job was edited, and putting the touched keys back on the settings that fingerprint
 * names gives the settings before, byte for byte.
 *
 * @param touched the keys, in the order of the settings' entries and fields
 */
public record StepDelta(List<Touched> touched, String fingerprintBefore, String fingerprintAfter) {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The arrays of cluster entries and the field that keys each entry (as jobs/update merges them). */
    private static final Map<String, String> ENTRIES = entries();
    /** Maps a step edits key by key: only the keys it touched are kept, not their neighbours. */
    private static final Set<String> KEYED_FIELDS = Set.of("spark_conf", "spark_env_vars");

    /**
     * One key of a cluster entry's {@code new_cluster}: {@code path} is a field ({@code ["num_workers"]})
     * or a key of a keyed field ({@code ["spark_conf", "spark.sql.shuffle.partitions"]}); a null value is "not set".
     * A top-level field of the job ({@code ["performance_target"]}) has no {@code entries} nor {@code entryKey}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Touched(String entries, String entryKey, List<String> path, JsonNode before, JsonNode after) {
        public Touched {
            path = List.copyOf(path);
        }

        /** A top-level field of the job's settings. */
        static Touched ofJob(String field, JsonNode before, JsonNode after) {
            return new Touched(null, null, List.of(field), before, after);
        }

        boolean inJob() {
            return entries == null;
        }
    }

    public StepDelta {
        touched = List.copyOf(touched);
    }

    /** The keys that differ between {@code before} and {@code after}: the job's top-level fields, then in its cluster entries. */
    public static StepDelta between(SettingsSnapshot before, SettingsSnapshot after) {
        ObjectNode was = SdkJson.object(before.settingsJson(), "the settings of job " + before.jobId() + " before a change");
        ObjectNode is = SdkJson.object(after.settingsJson(), "the settings of job " + after.jobId() + " after a change");
        List<Touched> touched = new ArrayList<>();
        for (String field : fieldNames(was, is)) {
            if (!ENTRIES.containsKey(field) && (was.get(field) == null || !was.get(field).equals(is.get(field)))) {
                touched.add(Touched.ofJob(field, was.get(field), is.get(field)));
            }
        }
        ENTRIES.forEach((array, key) -> {
            Map<String, JsonNode> specsBefore = specs(was, array, key);
            Map<String, JsonNode> specsAfter = specs(is, array, key);
            specsAfter.forEach((entryKey, spec) -> {
                JsonNode then = specsBefore.get(entryKey);
                if (then != null && !then.equals(spec)) {
                    touched.addAll(differences(array, entryKey, then, spec));
                }
            });
        });
        return new StepDelta(touched, before.fingerprint(), after.fingerprint());
    }

    /** {@code settings} (left as they are) with every touched key put back to its value before the step. */
    public ObjectNode undoneOn(ObjectNode settings) {
        ObjectNode undone = settings.deepCopy();
        for (Touched t : touched) {
            ObjectNode spec = t.inJob() ? undone : spec(undone, t);
            ObjectNode parent = t.path().size() == 1 ? spec : spec.get(t.path().get(0)) instanceof ObjectNode map ? map : spec.putObject(t.path().get(0));
            String field = t.path().get(t.path().size() - 1);
            if (t.before() == null) {
                parent.remove(field);
            } else {
                parent.set(field, t.before().deepCopy());
            }
        }
        return undone;
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a step's keys are plain JSON", e);
        }
    }

    /** A step kept as {@link #toJson}; one that was never kept, or is not readable, cannot be rolled back by the bot. */
    public static StepDelta fromJson(String json) {
        if (json == null) {
            throw new WorkspaceException("No record of what this change touched was kept, so the bot cannot roll it back;"
                    + " restore the job's settings by hand.");
        }
        try {
            return JSON.readValue(json, StepDelta.class);
        } catch (JsonProcessingException e) {
            throw new WorkspaceException("The record of what this change touched is not readable (" + e.getOriginalMessage()
                    + "), so the bot cannot roll it back; restore the job's settings by hand.", e);
        }
    }

    private static List<Touched> differences(String array, String entryKey, JsonNode then, JsonNode now) {
        List<Touched> out = new ArrayList<>();
        for (String field : fieldNames(then, now)) {
            JsonNode a = then.get(field);
            JsonNode b = now.get(field);
            if (a != null && a.equals(b)) {
                continue;
            }
            if (KEYED_FIELDS.contains(field) && a instanceof ObjectNode && b instanceof ObjectNode) {
                for (String key : fieldNames(a, b)) {
                    if (a.get(key) == null || !a.get(key).equals(b.get(key))) {
                        out.add(new Touched(array, entryKey, List.of(field, key), a.get(key), b.get(key)));
                    }
                }
            } else {
                out.add(new Touched(array, entryKey, List.of(field), a, b));
            }
        }
        return out;
    }

    private static Set<String> fieldNames(JsonNode a, JsonNode b) {
        Set<String> names = new TreeSet<>();
        a.fieldNames().forEachRemaining(names::add);
        b.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static Map<String, JsonNode> specs(JsonNode settings, String array, String key) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        settings.path(array).forEach(e -> {
            if (e.get("new_cluster") instanceof ObjectNode spec) {
                out.put(e.path(key).asText(), spec);
            }
        });
        return out;
    }

    private static ObjectNode spec(ObjectNode settings, Touched t) {
        for (JsonNode e : settings.path(t.entries())) {
            if (t.entryKey().equals(e.path(ENTRIES.get(t.entries())).asText()) && e.get("new_cluster") instanceof ObjectNode spec) {
                return spec;
            }
        }
        throw new WorkspaceException("The job no longer has the cluster " + t.entryKey() + " the change was made to, so it cannot be rolled back.");
    }

    private static Map<String, String> entries() {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("job_clusters", "job_cluster_key");
        entries.put("tasks", "task_key");
        return entries;
    }
}
