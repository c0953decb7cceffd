package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The most failed attempts of one task per stage, recounted from the raw task-end events as Spark's scheduler counts them. */
class TaskRetriesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"external:spark/app-20161115172038-0000", "corpus:task-failures"})
    void mostFailuresOfOneTaskAreCountedPerTaskIndex(String log) throws IOException {
        Path path = log.startsWith("corpus:") ? Corpus.dir().resolve(log.substring(7) + ".log.gz") : ExternalLogs.path(log.substring(9));
        Map<Integer, Integer> expected = new HashMap<>();
        Map<String, Integer> perTask = new HashMap<>();
        for (String line : lines(path)) {
            JsonNode e = JSON.readTree(line);
            String reason = e.path("Task End Reason").path("Reason").asText("Success");
            if (!e.path("Event").asText().equals("SparkListenerTaskEnd") || List.of("Success", "TaskKilled", "FetchFailed",
                    "TaskCommitDenied").contains(reason) || !e.path("Task End Reason").path("Exit Caused By App").asBoolean(true)) {
                continue;
            }
            int stage = e.path("Stage ID").asInt();
            int n = perTask.merge(stage + "/" + e.path("Stage Attempt ID").asInt() + "/" + e.path("Task Info").path("Index").asInt(),
                    1, Integer::sum);
            expected.merge(stage, n, Math::max);
        }
        Map<Integer, Integer> counted = new HashMap<>();
        for (TaskFailureFacts f : RunFactsReader.read(path).failures()) {
            counted.merge(f.stageId(), f.mostFailuresOfOneTask(), Math::max);
        }
        counted.values().removeIf(n -> n == 0);
        assertEquals(expected, counted);
    }

    private static List<String> lines(Path path) throws IOException {
        try (InputStream in = path.toString().endsWith(".gz") ? new GZIPInputStream(Files.newInputStream(path)) : Files.newInputStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        }
    }
}
