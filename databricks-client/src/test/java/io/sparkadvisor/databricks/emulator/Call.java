package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/** A parsed request: GET parameters from the query string, POST parameters from the JSON body. */
record Call(String method, String path, Map<String, String> params, JsonNode body) {
    String param(String name) {
        String value = params.get(name);
        return value != null ? value : body.path(name).isValueNode() ? body.path(name).asText() : null;
    }

    long longParam(String name, long fallback) {
        String value = param(name);
        return value == null || value.isEmpty() ? fallback : Long.parseLong(value);
    }
}
