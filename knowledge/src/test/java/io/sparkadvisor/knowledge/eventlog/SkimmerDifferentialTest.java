package io.sparkadvisor.knowledge.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.FactsJson;
import io.sparkadvisor.knowledge.derive.FactsBuilder;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The skimmer changes no fact: every real log, and randomly rewritten copies of the corpus logs
 * ({@link LogMutator}), read to the same facts JSON as a user's read does it (skimmed, the parts of a
 * log in several read {@link EventLogReader#PARTS_AT_ONCE} at a time) as with every line through
 * Jackson whole and one part after the other, also when the bytes arrive a few at a time.
 * {@link #fuzzForAWhile} runs new random copies for {@code -Dskim.fuzz.seconds} (3 by default; the
 * benchmark runs it for minutes, see tools/bench/README.md), from {@code -Dskim.fuzz.seed} when given.
 */
class SkimmerDifferentialTest {

    static List<String> corpusLogs() throws IOException {
        List<String> logs = new ArrayList<>();
        try (Stream<Path> files = Files.list(Corpus.dir())) {
            files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".log.gz")).sorted().forEach(logs::add);
        }
        for (String folder : List.of("codecs", "layouts")) {
            try (Stream<Path> entries = Files.list(Corpus.dir().resolve(folder))) {
                entries.map(e -> folder + "/" + e.getFileName()).sorted().forEach(logs::add);
            }
        }
        return logs;
    }

    static List<String> externalLogs() {
        return ExternalLogs.all();
    }

    @ParameterizedTest
    @MethodSource("corpusLogs")
    void corpusLogsReadToTheSameFacts(String log) {
        List<LogPart> parts = LocalLogParts.of(Corpus.dir().resolve(log));
        String full = whole(parts);
        assertTrue(full.contains("\"tasks\""), full);
        assertEquals(full, facts(parts));
        assertEquals(full, facts(dribbled(parts, new Random(log.hashCode()))), "read a few bytes at a time");
    }

    @ParameterizedTest
    @MethodSource("externalLogs")
    void externalLogsReadToTheSameFacts(String log) {
        List<LogPart> parts = LocalLogParts.of(ExternalLogs.path(log));
        assertEquals(whole(parts), facts(parts));
    }

    /** Otherwise the comparisons above would hold trivially. */
    @Test
    void theSkimmerReadsTaskEndsCutsWhatJacksonReadsAndSkipsTaskStarts() throws IOException {
        int taskEnds = 0;
        long taskBytes = 0;
        long taskBytesLeft = 0;
        LineSkimmer skimmer = new LineSkimmer();
        for (String line : lines(Corpus.log("healthy"))) {
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            int left = skimmer.skim(b, 0, b.length);
            if (line.startsWith("{\"Event\":\"SparkListenerTaskEnd\"")) {
                taskEnds++;
                assertEquals(LineSkimmer.TASK_END_READ, left, line);
                TaskEnd task = skimmer.takeTask(null);
                assertTrue(task.stageId >= 0 && task.finishMs > task.launchMs && !task.executorId.isEmpty(), line);
                // Given up to Jackson when a value is not in Spark's form: then the accumulators are cut.
                byte[] odd = line.replaceFirst("\"Executor Run Time\":(\\d+)", "\"Executor Run Time\":$1.0")
                        .getBytes(StandardCharsets.UTF_8);
                int oddLeft = skimmer.skim(odd, 0, odd.length);
                taskBytes += odd.length;
                taskBytesLeft += oddLeft;
                assertTrue(oddLeft > 0 && !new String(skimmer.out(), 0, oddLeft, StandardCharsets.UTF_8).contains("\"ID\""), line);
            } else if (line.startsWith("{\"Event\":\"SparkListenerTaskStart\"")) {
                assertEquals(LineSkimmer.SKIPPED_EVENT, left, "a task start is only counted");
            } else if (line.startsWith("{\"Event\":\"SparkListenerApplicationStart\"")) {
                assertEquals(-1, left, "an event with nothing unread is parsed as it is");
            }
        }
        assertTrue(taskEnds > 0);
        assertTrue(taskBytesLeft < taskBytes * 0.6, taskBytesLeft + " of " + taskBytes + " task-end bytes left");
    }

    /** Seeds 1-8, and one for each corpus scenario whose log is a folder of parts. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 13, 15, 20})
    void mutatedCopiesReadToTheSameFacts(long seed) throws IOException {
        Mutated copy = mutated(seed);
        assertEquals(whole(copy.parts()), facts(copy.parts()), copy.toString());
    }

    /**
     * Two parts' readers share the recycled batches: a reader once handed a batch on before copying
     * the line it had begun out of it, and the other part's reader could refill it first (found by
     * the fuzz run on this copy, about one read in twelve). Read again and again, it reads alike.
     */
    @Test
    void partsReadTogetherReadTheSameEveryTime() throws IOException {
        Mutated copy = mutated(-1928307563710642613L, "shuffle-many-partitions");
        assertEquals(3, copy.parts().size());
        String full = whole(copy.parts());
        for (int k = 0; k < 100; k++) {
            assertEquals(full, facts(copy.parts()), "read " + k);
        }
    }

    @Test
    void fuzzForAWhile() throws IOException {
        long deadline = System.nanoTime() + (long) (Double.parseDouble(System.getProperty("skim.fuzz.seconds", "3")) * 1e9);
        long first = Long.getLong("skim.fuzz.seed", new Random().nextLong());
        long copies = 0;
        for (long seed = first; copies == 0 || System.nanoTime() < deadline; seed++, copies++) {
            Mutated copy = mutated(seed);
            String full = whole(copy.parts());
            if (!full.equals(facts(copy.parts()))) {
                Path kept = Path.of("target", "skim-fuzz-" + seed + ".log");
                Files.write(kept, copy.bytes());
                Files.writeString(Path.of("target", "skim-fuzz-" + seed + ".whole.json"), full);
                Files.writeString(Path.of("target", "skim-fuzz-" + seed + ".skimmed.json"), facts(copy.parts()));
                throw new AssertionError("facts differ on " + copy + "; the copy and both facts are in target/skim-fuzz-"
                        + seed + ".*; again with -Dskim.fuzz.seed=" + seed + " -Dskim.fuzz.seconds=0");
            }
        }
        System.err.printf("[skim-fuzz] %d mutated copies, seeds %d..%d, identical facts%n", copies, first, first + copies - 1);
    }

    /** A rewritten copy of a corpus log, in one to three parts, plain or gzipped, read a few bytes at a time. */
    record Mutated(long seed, String base, byte[] bytes, List<LogPart> parts) {
        @Override
        public String toString() {
            return "seed " + seed + " (" + base + ", " + parts.size() + " parts)";
        }
    }

    private static Mutated mutated(long seed) throws IOException {
        Random random = new Random(seed);
        List<String> scenarios = Corpus.scenarios();
        return mutated(seed, random, scenarios.get(random.nextInt(scenarios.size())));
    }

    /**
     * The copy a seed made of a named scenario: the draw that picks a scenario is skipped, not taken, so the copy stays
     * the same however many scenarios the corpus holds.
     */
    private static Mutated mutated(long seed, String base) throws IOException {
        Random random = new Random(seed);
        random.nextInt();
        return mutated(seed, random, base);
    }

    private static Mutated mutated(long seed, Random random, String base) throws IOException {
        List<String> lines = lines(Corpus.log(base));
        byte[] bytes = new LogMutator(random, 0.05 + random.nextDouble() * 0.9).mutate(lines);
        List<LogPart> parts = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        int from = 0;
        for (int k = 1; k <= count; k++) {
            int to = k == count ? bytes.length : lineEndAfter(bytes, from + random.nextInt(Math.max(1, bytes.length / count)));
            byte[] part = Arrays.copyOfRange(bytes, from, to);
            parts.add(new Dribbled("events_" + k + "_mutated", random.nextBoolean() ? gzip(part) : part, random.nextLong(),
                    1 + random.nextInt(random.nextBoolean() ? 16 : 100_000)));
            from = to;
        }
        return new Mutated(seed, base, bytes, parts);
    }

    /** The reference: every line whole through Jackson, one part after the other. */
    private static String whole(List<LogPart> parts) {
        return facts(parts, false, 1);
    }

    /** As a user's read does it: skimmed, parts read ahead together. */
    private static String facts(List<LogPart> parts) {
        return facts(parts, true, EventLogReader.PARTS_AT_ONCE);
    }

    private static String facts(List<LogPart> parts, boolean skim, int partsAtOnce) {
        FactsBuilder builder = new FactsBuilder();
        try {
            ReadStats stats = EventLogReader.read(parts, builder, b -> { }, skim, partsAtOnce);
            return FactsJson.write(builder.build(stats));
        } catch (EventLogException e) {
            return "error: " + e.getMessage();
        }
    }

    private static List<LogPart> dribbled(List<LogPart> parts, Random random) {
        return parts.stream().<LogPart>map(p -> new Dribbled(p.name(), readAll(p), random.nextLong(), 1 + random.nextInt(64))).toList();
    }

    /** The lines of a log, of all its parts in order. */
    private static List<String> lines(Path log) throws IOException {
        List<String> lines = new ArrayList<>();
        for (LogPart part : LocalLogParts.of(log)) {
            try (InputStream in = Codec.sniffAndDecode(new BufferedInputStream(part.open()), part.name())) {
                lines.addAll(Arrays.asList(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")));
            }
        }
        return lines;
    }

    private static int lineEndAfter(byte[] b, int i) {
        while (i < b.length && b[i] != '\n') {
            i++;
        }
        return Math.min(b.length, i + 1);
    }

    private static byte[] readAll(LogPart part) {
        try (InputStream in = part.open()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(plain);
        }
        return out.toByteArray();
    }

    /** A part in memory whose stream hands out at most {@code maxRead} bytes a read, a random number each time. */
    record Dribbled(String name, byte[] bytes, long seed, int maxRead) implements LogPart {
        @Override
        public long size() {
            return bytes.length;
        }

        @Override
        public InputStream open() {
            Random random = new Random(seed);
            return new ByteArrayInputStream(bytes) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    return super.read(b, off, Math.min(len, 1 + random.nextInt(maxRead)));
                }
            };
        }
    }
}
