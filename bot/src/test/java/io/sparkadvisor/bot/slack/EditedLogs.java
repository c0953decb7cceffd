package io.sparkadvisor.bot.slack;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.knowledge.Corpus;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Test helper: a real corpus event log with two documented edits, standing in for runs of one job the corpus does
 * not have: the application's end event moved so that the run took {@code durationMs} (a noisy day, a regression),
 * and every task's input records multiplied (a day with more or less data). Every other event is Spark's own.
 */
final class EditedLogs {
    private static final ObjectMapper JSON = new ObjectMapper();

    private EditedLogs() {}

    /** {@code corpusLog} taking {@code durationMs} and reading {@code recordsFactor} times its records, gzipped in {@code dir}. */
    static Path edited(String corpusLog, Path dir, long durationMs, double recordsFactor) {
        Path out = dir.resolve(corpusLog.replace(".log.gz", "") + "-" + durationMs + "ms-x" + recordsFactor + ".log.gz");
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(Corpus.dir().resolve(corpusLog))), StandardCharsets.UTF_8));
                Writer w = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(out)), StandardCharsets.UTF_8)) {
            long startMs = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                ObjectNode event = (ObjectNode) JSON.readTree(line);
                switch (event.path("Event").asText()) {
                    case "SparkListenerApplicationStart" -> startMs = event.path("Timestamp").asLong();
                    case "SparkListenerApplicationEnd" -> event.put("Timestamp", startMs + durationMs);
                    case "SparkListenerTaskEnd" -> {
                        if (event.path("Task Metrics").path("Input Metrics") instanceof ObjectNode input) {
                            input.put("Records Read", Math.round(input.path("Records Read").asLong() * recordsFactor));
                        }
                    }
                    default -> { }
                }
                w.write(JSON.writeValueAsString(event));
                w.write('\n');
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
