package io.sparkadvisor.knowledge.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Half-written, damaged and wrong files: a truncated log is facts with coverage; anything else a clear error. */
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
    void aCorruptLineInTheMiddleIsAnErrorNamingTheLine() throws IOException {
        String text = new String(healthyPlain(), StandardCharsets.UTF_8);
        String[] lines = text.split("\n");
        lines[10] = "garbage " + lines[10];
        Path file = dir.resolve("damaged.log");
        Files.writeString(file, String.join("\n", lines) + "\n");
        EventLogException e = assertThrows(EventLogException.class, () -> RunFactsReader.read(file));
        assertTrue(e.getMessage().contains("line 11"), e.getMessage());
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
        assertThrows(EventLogException.class, () -> RunFactsReader.read(binary));
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
