package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** An HTTP answer of the emulator; the body is written by a callback so that files can be streamed. */
record Answer(int status, String contentType, long length, BodyWriter body, Map<String, String> headers, long payloadBytes) {
    interface BodyWriter {
        void writeTo(OutputStream out) throws IOException;
    }

    static Answer json(JsonNode node) {
        return json(200, node.toString());
    }

    static Answer json(int status, String text) {
        return json(status, text.getBytes(StandardCharsets.UTF_8));
    }

    static Answer json(int status, byte[] bytes) {
        return new Answer(status, "application/json", bytes.length, out -> out.write(bytes), new LinkedHashMap<>(), 0);
    }

    static Answer error(int status, String errorCode, String message) {
        var node = JsonNodeFactory.instance.objectNode().put("error_code", errorCode).put("message", message);
        return json(status, node.toString());
    }

    static Answer empty() {
        return json(200, "{}");
    }

    Answer withHeader(String name, String value) {
        headers.put(name, value);
        return this;
    }

    Answer withPayloadBytes(long bytes) {
        return new Answer(status, contentType, length, body, headers, bytes);
    }
}
