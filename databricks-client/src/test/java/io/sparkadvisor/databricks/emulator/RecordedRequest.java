package io.sparkadvisor.databricks.emulator;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * One request the emulator received.
 *
 * @param query        raw query string, or "" when none
 * @param payloadBytes file bytes served by this request (DBFS reads, file downloads), else 0
 */
public record RecordedRequest(String method, String path, String query, String body, long payloadBytes) {
    public Optional<String> param(String name) {
        return Arrays.stream(query.split("&")).filter(p -> p.startsWith(name + "="))
                .map(p -> URLDecoder.decode(p.substring(name.length() + 1), StandardCharsets.UTF_8)).findFirst();
    }

    RecordedRequest withPayloadBytes(long bytes) {
        return new RecordedRequest(method, path, query, body, bytes);
    }
}
