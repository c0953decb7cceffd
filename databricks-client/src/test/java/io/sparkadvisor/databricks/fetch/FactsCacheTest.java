package io.sparkadvisor.databricks.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.FactsJson;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The facts cache on disk, with the facts of real corpus logs: round trip, LRU under the cap, bad
 * entries are misses, two processes on one folder.
 */
class FactsCacheTest {
    private static final RunFacts SKEW = Corpus.facts("skew");
    private static final RunFacts HEALTHY = Corpus.facts("healthy");

    @TempDir
    Path dir;

    @Test
    void keptFactsReadBackEqual() {
        FactsCache cache = FactsCache.in(dir, 10L << 20);
        assertEquals(Optional.empty(), cache.get("a1"));
        cache.put("a1", SKEW);
        assertEquals(Optional.of(FactsCache.keepable(SKEW)), cache.get("a1"));
        assertEquals(List.of("a1.facts.gz"), names(), "one gzipped file, no temporary file left");
    }

    @Test
    void entriesAre0600InAFolderOf0700AndKeepNoPropertyTheRulesDoNotRead() throws IOException {
        Map<String, String> properties = new HashMap<>(SKEW.properties().values());
        properties.put("spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net", "AZKEY+LEAK/abc123SECRETSECRET==");
        properties.put("spark.myapp.jdbc.url", "jdbc:postgresql://db:5432/app?user=etl&password=Hunter2JdbcPw");
        properties.put("spark.sql.catalog.lake.token", "dapi-not-in-the-cache");
        RunFacts leaky = new RunFacts(SKEW.application(), SKEW.coverage(), new SparkProperties(properties), SKEW.executors(), SKEW.jobs(),
                SKEW.stages(), SKEW.failures(), SKEW.slots(), SKEW.timeline(), SKEW.sqlExecutions(), SKEW.cluster(), SKEW.platform());
        Path folder = dir.resolve("cache");
        FactsCache cache = FactsCache.in(folder, 10L << 20);

        cache.put("a1", leaky);

        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.resolve("a1.facts.gz"))));
        String kept;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(folder.resolve("a1.facts.gz")))) {
            kept = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (String secret : List.of("AZKEY+LEAK", "Hunter2JdbcPw", "dapi-not-in-the-cache", "spark.app.startTime")) {
            assertFalse(kept.contains(secret), secret + " was kept");
        }
        assertTrue(kept.contains("spark.sql.shuffle.partitions") && kept.contains("spark.master"), "what the rules read is kept");
        assertEquals(SKEW.properties().get("spark.master"), cache.get("a1").orElseThrow().properties().get("spark.master"));
    }

    @Test
    void theLeastRecentlyUsedEntryGoesWhenTheCapIsReached() throws IOException {
        FactsCache probe = FactsCache.in(dir.resolve("probe"), 10L << 20);
        probe.put("x", HEALTHY);
        long entryBytes = Files.size(dir.resolve("probe/x.facts.gz"));
        FactsCache cache = FactsCache.in(dir.resolve("cache"), entryBytes * 2 + entryBytes / 2);

        cache.put("first", HEALTHY);
        age(dir.resolve("cache/first.facts.gz"), 30);
        cache.put("second", HEALTHY);
        age(dir.resolve("cache/second.facts.gz"), 20);
        assertTrue(cache.get("first").isPresent(), "a hit makes the first the most recently used");
        cache.put("third", HEALTHY);

        assertTrue(cache.get("first").isPresent());
        assertTrue(cache.get("third").isPresent());
        assertEquals(Optional.empty(), cache.get("second"), "the least recently used was evicted");
        assertFalse(Files.exists(dir.resolve("cache/second.facts.gz")));
    }

    @Test
    void aCorruptEntryIsAMissAndIsDeleted() throws IOException {
        FactsCache cache = FactsCache.in(dir, 10L << 20);
        cache.put("k", SKEW);
        Path entry = dir.resolve("k.facts.gz");
        byte[] whole = Files.readAllBytes(entry);
        Files.write(entry, Arrays.copyOf(whole, whole.length / 2));

        assertEquals(Optional.empty(), cache.get("k"), "a cut-short entry");
        assertFalse(Files.exists(entry));

        Files.writeString(entry, "not gzip at all");
        assertEquals(Optional.empty(), cache.get("k"));
        assertFalse(Files.exists(entry));

        cache.put("k", SKEW);
        assertEquals(Optional.of(FactsCache.keepable(SKEW)), cache.get("k"), "written again after the bad one went");
    }

    @Test
    void anEntryOfAnotherFactsVersionIsAMiss() throws IOException {
        String older = FactsJson.write(SKEW).replaceFirst("\"factsVersion\" : " + FactsJson.VERSION, "\"factsVersion\" : " + (FactsJson.VERSION - 1));
        Path entry = dir.resolve("old.facts.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(entry))) {
            out.write(older.getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(Optional.empty(), FactsCache.in(dir, 10L << 20).get("old"));
        assertFalse(Files.exists(entry));
    }

    @Test
    void aFolderThatCannotBeWrittenKeepsNothingAndFailsNothing() throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");
        FactsCache cache = FactsCache.in(notAFolder, 10L << 20);
        cache.put("k", SKEW);
        assertEquals(Optional.empty(), cache.get("k"));
    }

    @Test
    void twoProcessesRewritingOneEntryNeverReadHalfOfIt() throws IOException, InterruptedException {
        FactsCache cache = FactsCache.in(dir, 64L << 20);
        cache.put("shared", SKEW);
        Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), FactsCacheWriter.class.getName(), dir.toString(), "skew", "shared", "200")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader said = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("ready", said.readLine());
            int rounds = 0;
            while (other.isAlive()) {
                // a reader that saw half a file would find it corrupt, delete it and miss
                assertTrue(cache.get("shared").filter(FactsCache.keepable(SKEW)::equals).isPresent(), "round " + rounds);
                cache.put("shared", SKEW);
                rounds++;
            }
            assertEquals(0, other.waitFor());
            assertEquals("done", said.readLine());
            assertTrue(rounds >= 5, "the two overlapped for " + rounds + " rounds");
        } finally {
            other.destroy();
        }
        assertEquals(List.of("shared.facts.gz"), names(), "no temporary file left behind");
    }

    @Test
    void offKeepsNothing() {
        FactsCache.OFF.put("k", SKEW);
        assertEquals(Optional.empty(), FactsCache.OFF.get("k"));
        assertFalse(FactsCache.in(dir, 0).enabled());
    }

    private static void age(Path file, int secondsAgo) throws IOException {
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(secondsAgo)));
    }

    private List<String> names() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
