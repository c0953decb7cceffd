package io.sparkadvisor.knowledge.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Times that disagree with the run's work by years (an edited or stitched log, as rapids-tools' test logs are) are
 * set aside and counted; the run is measured on the times that agree, as if they had never been there.
 */
class RunClockTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long YEARS = Duration.ofDays(930).toMillis();
    private static final RunFacts SKEW = Corpus.facts("skew");

    @TempDir
    Path dir;
    private int rewritten;

    @Test
    void executorsAddedYearsAfterTheWorkAreSetAsideAndTheRunKeepsItsLength() throws IOException {
        RunFacts shifted = RunFactsReader.read(rewrite("SparkListenerExecutorAdded", YEARS));
        assertEquals(SKEW.application().durationMs(), shifted.application().durationMs());
        // 930 days after it came is 929 whole days after the run's last work, two minutes later.
        assertEquals(new Coverage.SetAsideTimes(rewritten, 929), shifted.coverage().setAsideTimes());
        assertEquals(SKEW.slots().taskMs(), shifted.slots().taskMs());
        // When the executors came is unknown: they are listed from the start, and their slots are not guessed.
        assertEquals(0, shifted.slots().slotMs());
        assertEquals(SKEW.executors().size(), shifted.executors().size());
        shifted.executors().forEach(x -> assertEquals(shifted.application().startMs(), x.addedMs(), x.id()));
    }

    @Test
    void anApplicationStartYearsBeforeItsJobsIsSetAside() throws IOException {
        RunFacts shifted = RunFactsReader.read(rewrite("SparkListenerApplicationStart", -YEARS));
        // The run starts with the first of its work and of the executors that agree with it.
        long first = Math.min(SKEW.jobs().stream().mapToLong(j -> j.submittedMs()).min().orElseThrow(),
                SKEW.executors().stream().mapToLong(x -> x.addedMs()).filter(t -> t > 0).min().orElseThrow());
        assertEquals(SKEW.application().endMs() - first, shifted.application().durationMs());
        assertEquals(new Coverage.SetAsideTimes(1, 930), shifted.coverage().setAsideTimes());
    }

    @Test
    void aLogWhoseTimesAgreeSetsNothingAside() {
        for (String name : List.of("skew", "healthy", "io-bound", "task-failures")) {
            assertFalse(Corpus.facts(name).coverage().setAsideTimes().any(), name);
        }
    }

    /** The corpus skew log with the {@code Timestamp} of every event of this kind moved by {@code byMs}. */
    private Path rewrite(String event, long byMs) throws IOException {
        Path out = dir.resolve("shifted.log");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Corpus.dir().resolve("skew.log.gz")))) {
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(line -> {
                try {
                    ObjectNode e = (ObjectNode) JSON.readTree(line);
                    if (!e.path("Event").asText().equals(event)) {
                        return line;
                    }
                    rewritten++;
                    e.put("Timestamp", e.path("Timestamp").asLong() + byMs);
                    return JSON.writeValueAsString(e);
                } catch (IOException ex) {
                    throw new UncheckedIOException(ex);
                }
            }).toList();
            Files.write(out, lines);
        }
        return out;
    }
}
