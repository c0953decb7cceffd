package io.sparkadvisor.knowledge.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.Coverage;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Half-written, damaged and wrong files: a truncated or incomplete log, or one with a corrupt line,
 * is facts with coverage saying so; a file that is no event log is a clear error.
 */
class BadInputTest {
    @TempDir
    Path dir;

    private static byte[] healthyPlain() throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Corpus.log("healthy")))) {
            return in.readAllBytes();
        }
    }

    @Test
    void aLogCutMidLineIsReadUpToTheCutAndReportedTruncated() throws IOException {
        byte[] log = healthyPlain();
        RunFacts whole = Corpus.facts("healthy");
        int cut = indexOfNthNewline(log, 30) + 25; // inside the 31st event
        Path file = dir.resolve("app.inprogress");
        Files.write(file, Arrays.copyOf(log, cut));
        RunFacts facts = RunFactsReader.read(file);
        assertTrue(facts.coverage().truncated());
        assertEquals(30, facts.coverage().events());
        assertTrue(facts.coverage().tasks() < whole.coverage().tasks());
    }

    @Test
    void aCompressedLogCutShortIsReportedTruncated() throws IOException {
        byte[] gz = gzip(healthyPlain());
        Path file = dir.resolve("app.gz");
        Files.write(file, Arrays.copyOf(gz, gz.length * 2 / 3));
        RunFacts facts = RunFactsReader.read(file);
        assertTrue(facts.coverage().truncated());
        assertTrue(facts.coverage().events() > 0);
    }

    @Test
    void aCorruptLineInTheMiddleIsSkippedCountedAndNamed() throws IOException {
        RunFacts whole = Corpus.facts("healthy");
        String[] lines = healthyLines();
        int taskEnd = middleTaskEnd(lines);
        lines[taskEnd] = "garbage " + lines[taskEnd];
        Path file = write("damaged.log", lines);
        RunFacts facts = RunFactsReader.read(file);
        assertEquals(1, facts.coverage().skippedLines());
        assertEquals(taskEnd + 1, facts.coverage().firstSkippedLine());
        assertTrue(facts.coverage().firstSkippedReason().startsWith("damaged.log: "), facts.coverage().firstSkippedReason());
        assertEquals(whole.coverage().events() - 1, facts.coverage().events());
        assertEquals(whole.coverage().tasks() - 1, facts.coverage().tasks());
        assertFalse(facts.coverage().truncated());
        assertTrue(facts.coverage().complete());
        assertEquals(whole.application(), facts.application());
    }

    @Test
    void aLineMissingItsEndSkipsThatLineOnlyNotTheNext() throws IOException {
        RunFacts whole = Corpus.facts("healthy");
        String[] lines = healthyLines();
        int taskEnd = middleTaskEnd(lines);
        lines[taskEnd] = lines[taskEnd].substring(0, lines[taskEnd].length() / 2);
        lines[taskEnd + 3] = lines[taskEnd + 3] + "}";
        RunFacts facts = RunFactsReader.read(write("cut-in-the-middle.log", lines));
        assertEquals(2, facts.coverage().skippedLines());
        assertEquals(taskEnd + 1, facts.coverage().firstSkippedLine());
        assertEquals(whole.coverage().events() - 2, facts.coverage().events());
        assertFalse(facts.coverage().truncated());
    }

    @Test
    void aLogCutAfterACompleteLineIsIncompleteNotTruncated() throws IOException {
        String[] lines = healthyLines();
        int end = lines.length - 1;
        while (!lines[end].contains("\"SparkListenerApplicationEnd\"")) {
            end--;
        }
        RunFacts facts = RunFactsReader.read(write("running.log", Arrays.copyOf(lines, end)));
        assertFalse(facts.coverage().truncated());
        assertFalse(facts.coverage().complete());
        assertEquals(List.of(Coverage.APPLICATION_END), facts.coverage().missing());
        assertTrue(facts.application().durationMs() > 0);
        assertTrue(facts.application().durationMs() <= Corpus.facts("healthy").application().durationMs());
        assertTrue(Corpus.facts("healthy").coverage().complete());
        assertEquals(List.of(), Corpus.facts("healthy").coverage().missing());
    }

    @Test
    void aLogCutMidLineIsAlsoIncomplete() throws IOException {
        byte[] log = healthyPlain();
        Path file = dir.resolve("app.inprogress");
        Files.write(file, Arrays.copyOf(log, indexOfNthNewline(log, 30) + 25));
        RunFacts facts = RunFactsReader.read(file);
        assertTrue(facts.coverage().truncated());
        assertEquals(0, facts.coverage().skippedLines(), "the cut line is the truncation, not a skipped line");
        assertFalse(facts.coverage().complete());
        assertEquals(List.of(Coverage.APPLICATION_END), facts.coverage().missing());
    }

    @Test
    void withoutApplicationStartTheRunIsNamedAndTimedFromTheEventsThatExist() throws IOException {
        RunFacts whole = Corpus.facts("healthy");
        String[] lines = healthyLines();
        List<String> kept = Arrays.stream(lines).filter(l -> !l.contains("\"SparkListenerApplicationStart\"")).toList();
        assertEquals(lines.length - 1, kept.size());
        RunFacts facts = RunFactsReader.read(write("no-start.log", kept.toArray(String[]::new)));
        assertEquals(whole.application().id(), facts.application().id(), "from spark.app.id");
        assertEquals(whole.application().name(), facts.application().name(), "from spark.app.name");
        assertFalse(facts.coverage().complete());
        assertEquals(List.of(Coverage.APPLICATION_START), facts.coverage().missing());
        long start = facts.application().startMs();
        assertTrue(start >= whole.application().startMs() && start < whole.application().endMs(), "start " + start);
        assertEquals(whole.application().endMs(), facts.application().endMs());
        assertTrue(facts.application().durationMs() <= whole.application().durationMs()
                && facts.application().durationMs() > whole.application().durationMs() / 2, facts.application().toString());
    }

    @Test
    void aFirstLineThatIsNoEventStillRejectsTheFile() throws IOException {
        String[] lines = healthyLines();
        lines[0] = "garbage " + lines[0];
        EventLogException e = assertThrows(EventLogException.class, () -> RunFactsReader.read(write("bad-head.log", lines)));
        assertTrue(e.getMessage().contains("is not a Spark event log"), e.getMessage());
        Path notEvents = dir.resolve("lines.json");
        Files.writeString(notEvents, "{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n");
        e = assertThrows(EventLogException.class, () -> RunFactsReader.read(notEvents));
        assertTrue(e.getMessage().contains("is not a Spark event log"), e.getMessage());
    }

    @Test
    void aJsonFileThatIsNotAnEventLogIsRejectedWithTheFix() {
        EventLogException e = assertThrows(EventLogException.class, () -> RunFactsReader.read(Corpus.dir().resolve("manifest.json")));
        assertTrue(e.getMessage().contains("is not a Spark event log"), e.getMessage());
        assertTrue(e.getMessage().contains("spark.eventLog.dir"), e.getMessage());
    }

    @Test
    void binaryAndEmptyFilesAreRejected() throws IOException {
        Path binary = dir.resolve("picture.png");
        Files.write(binary, new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2, 3});
        assertTrue(assertThrows(EventLogException.class, () -> RunFactsReader.read(binary)).getMessage()
                .contains("is not a Spark event log"));
        byte[] noise = new byte[300_000]; // no line break in it, lines that follow
        new java.util.Random(7).nextBytes(noise);
        for (int i = 0; i < noise.length; i++) {
            noise[i] = noise[i] == '\n' || noise[i] == '{' ? 0 : noise[i];
        }
        Path blob = dir.resolve("blob.bin");
        Files.write(blob, noise);
        Files.write(blob, healthyPlain(), java.nio.file.StandardOpenOption.APPEND);
        assertTrue(assertThrows(EventLogException.class, () -> RunFactsReader.read(blob)).getMessage()
                .contains("is not a Spark event log"));
        Path empty = dir.resolve("empty.log");
        Files.write(empty, new byte[0]);
        EventLogException e = assertThrows(EventLogException.class, () -> RunFactsReader.read(empty));
        assertTrue(e.getMessage().contains("empty"), e.getMessage());
    }

    @Test
    void missingPathsAndUnknownFoldersNameTheProblem() throws IOException {
        EventLogException missing = assertThrows(EventLogException.class, () -> RunFactsReader.read(dir.resolve("nope")));
        assertTrue(missing.getMessage().contains("does not exist"));
        Files.writeString(dir.resolve("a.txt"), "x");
        Files.writeString(dir.resolve("b.txt"), "y");
        EventLogException folder = assertThrows(EventLogException.class, () -> RunFactsReader.read(dir));
        assertTrue(folder.getMessage().contains("no event log layout"), folder.getMessage());
    }

    @Test
    void unknownEventTypesAreCountedAndSkipped() throws IOException {
        String vendor = "{\"Event\":\"com.databricks.backend.daemon.driver.DBCEventLoggingListener$Heartbeat\",\"x\":{\"y\":[1,2]}}\n";
        byte[] log = healthyPlain();
        int at = indexOfNthNewline(log, 5) + 1;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(log, 0, at);
        out.write(vendor.getBytes(StandardCharsets.UTF_8));
        out.write(vendor.getBytes(StandardCharsets.UTF_8));
        out.write(log, at, log.length - at);
        Path file = dir.resolve("vendor.log");
        Files.write(file, out.toByteArray());
        RunFacts facts = RunFactsReader.read(file);
        assertEquals(2, facts.coverage().unknownEvents());
        assertEquals(Corpus.facts("healthy").coverage().tasks(), facts.coverage().tasks());
    }

    @Test
    void eventsSparkWritesUnderTheirClassNameAreKnownNotUnknown() throws IOException {
        String known = "{\"Event\":\"org.apache.spark.scheduler.SparkListenerExecutorBlacklisted\",\"time\":1,\"executorId\":\"1\",\"taskFailures\":2}\n"
                + "{\"Event\":\"org.apache.spark.scheduler.SparkListenerMiscellaneousProcessAdded\",\"time\":1,\"processId\":\"yarn-am\"}\n"
                + "{\"Event\":\"org.apache.spark.sql.catalyst.catalog.CreateTableEvent\",\"database\":\"db\",\"name\":\"t\"}\n"
                + "{\"Event\":\"org.apache.spark.sql.streaming.StreamingQueryListener$QueryProgressEvent\",\"progress\":{}}\n"
                + "{\"Event\":\"org.apache.spark.scheduler.SparkListenerSomethingNew\"}\n";
        byte[] log = healthyPlain();
        int at = indexOfNthNewline(log, 5) + 1;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(log, 0, at);
        out.write(known.getBytes(StandardCharsets.UTF_8));
        out.write(log, at, log.length - at);
        Path file = dir.resolve("known.log");
        Files.write(file, out.toByteArray());
        RunFacts facts = RunFactsReader.read(file);
        assertEquals(1, facts.coverage().unknownEvents(), "only the made-up scheduler event is unknown");
        assertEquals(Corpus.facts("healthy").coverage().events() + 5, facts.coverage().events());
    }

    private String[] healthyLines() throws IOException {
        return new String(healthyPlain(), StandardCharsets.UTF_8).split("\n");
    }

    private Path write(String name, String[] lines) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }

    /** The index of a task-end line half-way through the log. */
    private static int middleTaskEnd(String[] lines) {
        for (int i = lines.length / 2; i < lines.length; i++) {
            if (lines[i].startsWith("{\"Event\":\"SparkListenerTaskEnd\"")) {
                return i;
            }
        }
        throw new IllegalStateException("no task end in the second half");
    }

    private static int indexOfNthNewline(byte[] bytes, int n) {
        int seen = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n' && ++seen == n) {
                return i;
            }
        }
        throw new IllegalArgumentException("fewer than " + n + " lines");
    }

    static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(out)) {
            gz.write(plain);
        }
        return out.toByteArray();
    }
}
