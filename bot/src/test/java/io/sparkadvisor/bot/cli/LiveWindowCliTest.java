package io.sparkadvisor.bot.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.eventlog.DeliveredDays;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code analyze --window-hours N FOLDER}: a running log delivered over days, read for its last hours. */
class LiveWindowCliTest {
    @Test
    void theWindowIsInTheJsonCoverageAndTheOlderPartsAreSkipped(@TempDir Path dir) throws Exception {
        DeliveredDays.Layout days = DeliveredDays.write(Corpus.streamingDir().resolve("layouts/databricks-live"), dir.resolve("days"),
                Instant.now(), Duration.ofHours(30), Duration.ofHours(6), 1);
        CliTest.Result r = CliTest.run("analyze", days.folder().toString(), "--window-hours", "6", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode window = new ObjectMapper().readTree(r.out()).path("coverage").path("window");
        assertEquals(3, window.path("partsRead").asInt(), r.out());
        assertEquals(days.fillers(), window.path("partsSkipped").asInt(), r.out());
        assertTrue(window.path("running").asBoolean(), r.out());
        assertEquals(Duration.ofHours(6), Duration.between(Instant.parse(window.path("from").asText()), Instant.parse(window.path("to").asText())));
    }

    @Test
    void zeroHoursIsRefusedWithWords() {
        CliTest.Result r = CliTest.run("analyze", Corpus.log("healthy").toString(), "--window-hours", "0");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--window-hours 0 reads nothing; pass a whole number of hours, 1 or more"), r.err());
    }
}
