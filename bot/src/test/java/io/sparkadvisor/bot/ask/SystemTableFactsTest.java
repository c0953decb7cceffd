package io.sparkadvisor.bot.ask;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Unity Catalog tables a run's plans name, which the advisor looks up for predictive optimization. */
class SystemTableFactsTest {

    @Test
    void theTablesARunWritesAreLookedUpAsTheOnesItReads(@TempDir Path dir) throws IOException {
        // corpus delta-writes with its table in a Unity Catalog: the plans name main.sales.events_w where Spark's
        // session catalog wrote default.events_w
        String log;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Corpus.dir().resolve("delta-writes.log.gz")))) {
            log = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("default.events_w", "main.sales.events_w");
        }
        Path unityCatalog = Files.writeString(dir.resolve("delta-writes-uc.log"), log);
        assertEquals(List.of("main.sales.events_w"), SystemTableFacts.unityCatalogNames(RunFactsReader.read(unityCatalog)));
    }

    @Test
    void aSessionCatalogTableIsNotLookedUp() {
        assertEquals(List.of(), SystemTableFacts.unityCatalogNames(Corpus.facts("delta-writes")),
                "default.events_w is Spark's own catalog's: predictive optimization never runs on it");
    }
}
