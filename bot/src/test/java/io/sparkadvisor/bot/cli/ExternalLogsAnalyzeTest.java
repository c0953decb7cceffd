package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.ExternalLogs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code analyze --format json} on every real event log written by others ({@code corpus/external}):
 * it runs (exit 0) and prints the JSON contract. Each report is also written under
 * {@code target/external-analyze/} for reading. The damaged and incomplete logs also stand alone below
 * with what their coverage must say.
 */
class ExternalLogsAnalyzeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CORRUPT_LINE = "spark-rapids-tools/malformed_json_eventlog.zstd";
    private static final String NO_APPLICATION_START = "spark-rapids-tools/incorrect_app_status_eventlog.zstd";

    static List<String> logs() {
        return ExternalLogs.all();
    }

    @ParameterizedTest
    @MethodSource("logs")
    void analyzePrintsJson(String log) throws Exception {
        analyzeAndCheck(log);
    }

    @Test
    void analyzeSkipsACorruptLine() throws Exception {
        JsonNode coverage = analyzeAndCheck(CORRUPT_LINE).path("coverage");
        assertEquals(1, coverage.path("skippedLines").asLong());
        assertTrue(coverage.path("complete").asBoolean());
    }

    @Test
    void withoutApplicationStartTheDurationComesFromTheEvents() throws Exception {
        JsonNode root = analyzeAndCheck(NO_APPLICATION_START);
        assertEquals("local-1629446106683", root.path("application").path("id").asText());
        long duration = root.path("application").path("durationMs").asLong();
        assertTrue(duration > 0 && duration < 3_600_000, "durationMs " + duration);
        assertFalse(root.path("coverage").path("complete").asBoolean());
        assertEquals("application start", root.path("coverage").path("missing").get(0).asText());
    }

    private static JsonNode analyzeAndCheck(String log) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true),
                "analyze", ExternalLogs.path(log).toString(), "--format", "json");
        assertEquals(0, code, log + ": " + err);
        JsonNode root = JSON.readTree(out.toString());
        assertTrue(root.path("application").isObject(), log + ": no application");
        assertTrue(root.path("coverage").isObject(), log + ": no coverage");
        assertTrue(root.path("findings").isArray(), log + ": no findings array");
        for (JsonNode f : root.path("findings")) {
            assertTrue(f.path("rule").isTextual() && f.path("severity").asText().matches("info|low|medium|high"), log + ": " + f);
        }
        Path report = Path.of("target", "external-analyze", log.replace('/', '_') + ".json");
        Files.createDirectories(report.getParent());
        Files.writeString(report, out.toString());
        return root;
    }
}
