package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.ExternalLogs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code analyze --format json} on every real event log written by others ({@code corpus/external}):
 * it runs (exit 0) and prints the JSON contract. Each report is also written under
 * {@code target/external-analyze/} for reading. Logs analyze cannot handle yet stand alone below as
 * disabled tests naming the cause.
 */
class ExternalLogsAnalyzeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CORRUPT_LINE = "spark-rapids-tools/malformed_json_eventlog.zstd";

    static List<String> logs() {
        return ExternalLogs.allExcept(CORRUPT_LINE);
    }

    @ParameterizedTest
    @MethodSource("logs")
    void analyzePrintsJson(String log) throws Exception {
        analyzeAndCheck(log);
    }

    @Test
    @Disabled("a line of this log is damaged (a '_' before a field name in its SparkListenerEnvironmentUpdate, line 4);"
            + " analyze stops with exit 2 instead of skipping the line and analysing the rest (issue 12, Coverage honesty)")
    void analyzeSkipsACorruptLine() throws Exception {
        analyzeAndCheck(CORRUPT_LINE);
    }

    private static void analyzeAndCheck(String log) throws Exception {
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
    }
}
