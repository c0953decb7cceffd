package io.sparkadvisor.databricks;

import com.databricks.sdk.core.utils.SerDeUtils;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * JSON exactly as the SDK writes it on the wire (snake_case, nulls left out), so that what we hand
 * to knowledge/ or record on disk reads like the REST API. Canonical form sorts object keys so that
 * two equal settings always give the same bytes and the same fingerprint.
 */
public final class SdkJson {
    private static final ObjectMapper MAPPER = SerDeUtils.createMapper();

    private SdkJson() {
    }

    public static String write(Object sdkObject) {
        try {
            return MAPPER.writeValueAsString(sdkObject);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("SDK object not serialisable: " + sdkObject.getClass(), e);
        }
    }

    public static <T> T read(String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new WorkspaceException("Not valid " + type.getSimpleName() + " JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** JSON as it came (fields no SDK class models are kept); a non-object is an error naming {@code what}. */
    public static ObjectNode object(String json, String what) {
        try {
            JsonNode node = MAPPER.readTree(json);
            if (!(node instanceof ObjectNode object)) {
                throw new WorkspaceException("Not a JSON object: " + what);
            }
            return object;
        } catch (JsonProcessingException e) {
            throw new WorkspaceException("Not valid JSON for " + what + ": " + e.getOriginalMessage(), e);
        }
    }

    public static String canonical(Object sdkObject) {
        return sorted(MAPPER.valueToTree(sdkObject)).toString();
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
            node.fields().forEachRemaining(fields::add);
            fields.sort(Map.Entry.comparingByKey());
            ObjectNode out = MAPPER.createObjectNode();
            fields.forEach(f -> out.set(f.getKey(), sorted(f.getValue())));
            return out;
        }
        if (node.isArray()) {
            var out = MAPPER.createArrayNode();
            node.forEach(child -> out.add(sorted(child)));
            return out;
        }
        return node;
    }
}
