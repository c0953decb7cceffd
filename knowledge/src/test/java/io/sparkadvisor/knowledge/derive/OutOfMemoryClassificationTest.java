package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which failure texts count as out of memory: exit code 143 (SIGTERM) is a kill by the cluster manager, not a memory fault. */
class OutOfMemoryClassificationTest {
    @Test
    void sigtermIsNotOutOfMemory() {
        assertFalse(StageAccumulator.isOutOfMemory("ExecutorLostFailure",
                "Container marked as failed: container_1 on host: h. Exit status: 143. Diagnostics: Container killed on request. Exit code is 143"));
        assertFalse(StageAccumulator.isOutOfMemory("ExecutorLostFailure", "Container preempted by scheduler. exit code 143"));
    }

    @Test
    void memoryKillsAreOutOfMemory() {
        assertTrue(StageAccumulator.isOutOfMemory("java.lang.OutOfMemoryError", "Java heap space"));
        assertTrue(StageAccumulator.isOutOfMemory("ExecutorLostFailure",
                "Container killed by YARN for exceeding memory limits. 5.5 GB of 5.5 GB physical memory used. Exit code is 143"));
        assertTrue(StageAccumulator.isOutOfMemory("ExecutorLostFailure", "Container killed on request. Exit code is 137"));
        assertTrue(StageAccumulator.isOutOfMemory("ExecutorLostFailure", "The executor with id 3 exited with exit code 137(SIGKILL, possible container OOM)."));
    }

    @Test
    void aRealRunWhoseExecutorsWereKilledWithExitCode143LostThemWithoutRunningOutOfMemory(@TempDir Path dir) throws IOException {
        List<TaskFailureFacts> sigterm = failuresWithLossReason(dir,
                "Container marked as failed: container_1 on host: h. Exit status: 143. Diagnostics: Container killed on request. Exit code is 143");
        List<TaskFailureFacts> sigkill = failuresWithLossReason(dir, "Container killed on request. Exit code is 137");

        assertEquals(3, sigterm.stream().mapToInt(TaskFailureFacts::attempts).sum(), "the corpus run's three failed attempts");
        assertTrue(sigterm.stream().allMatch(f -> f.kind().equals("ExecutorLostFailure") && !f.outOfMemory()), sigterm.toString());
        assertTrue(sigkill.stream().allMatch(TaskFailureFacts::outOfMemory), sigkill.toString());
    }

    /** The corpus task-failures run read with each failed attempt's end reason turned into a lost executor with this reason. */
    private static List<TaskFailureFacts> failuresWithLossReason(Path dir, String lossReason) throws IOException {
        ObjectMapper json = new ObjectMapper();
        StringBuilder log = new StringBuilder();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Corpus.dir().resolve("task-failures.log.gz")))) {
            new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().forEach(line -> {
                try {
                    ObjectNode event = (ObjectNode) json.readTree(line);
                    if (event.path("Task End Reason").path("Reason").asText().equals("ExceptionFailure")) {
                        event.set("Task End Reason", json.createObjectNode().put("Reason", "ExecutorLostFailure").put("Executor ID", "1")
                                .put("Exit Caused By App", true).put("Loss Reason", lossReason));
                    }
                    log.append(json.writeValueAsString(event)).append('\n');
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        Path file = Files.writeString(dir.resolve("lost-" + lossReason.hashCode()), log);
        return RunFactsReader.read(file).failures();
    }
}
