package io.sparkadvisor.databricks;

import com.databricks.sdk.core.utils.SerDeUtils;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
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

    /**
     * A top-level string field of a JSON object, decoded from base64; empty when absent or null. The
     * JDK's decoder reads the value in place, several times faster than Jackson's, when it is the
     * object's last field (as {@code dbfs/read} writes it: up to the last quote, no scan) and holds
     * no JSON escape; else the decoder refuses the quotes or backslashes, and Jackson decodes it.
     */
    public static byte[] base64Field(InputStream json, String field) throws IOException {
        byte[] bytes = json.readAllBytes();
        try (JsonParser p = MAPPER.getFactory().createParser(bytes)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new JsonParseException(p, "not a JSON object");
            }
            for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
                if (p.nextToken() == JsonToken.VALUE_STRING && name.equals(field)) {
                    int start = (int) p.currentTokenLocation().getByteOffset() + 1;
                    int end = bytes.length - 1;
                    while (end > start && bytes[end] != '"') {
                        end--;
                    }
                    try {
                        return Base64.getDecoder().decode(Arrays.copyOfRange(bytes, start, end));
                    } catch (IllegalArgumentException notTheLastFieldOrEscaped) {
                        return p.getBinaryValue();
                    }
                }
                p.skipChildren();
            }
            return new byte[0];
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
