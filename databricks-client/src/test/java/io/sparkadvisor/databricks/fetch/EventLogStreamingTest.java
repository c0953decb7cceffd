package io.sparkadvisor.databricks.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.databricks.emulator.RecordedRequest;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The surefire JVM has a 192 MB heap (see the pom), which the emulator shares: reading a 256 MB log
 * only works if it is streamed, with the ranges in flight (client and server side) the only bytes held.
 */
class EventLogStreamingTest {
    static final String LOG = "dbfs/cluster-logs/0923-job-main/eventlog/0923-job-main_10_0_0_1/111/eventlog";
    static final long MB = 1024 * 1024;
    static final String VOLUME_LOG = "/Volumes/main/ops/logs/0101-allpurpose/eventlog/0101-allpurpose_10_0_0_9/222/eventlog";

    WorkspaceEmulator emulator;

    @BeforeEach
    void start() {
        emulator = WorkspaceEmulator.startWithSample();
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    @Test
    void logLargerThanTheHeapIsReadInChunksOfAtMostOneMegabyte() throws IOException {
        long lines = writeLog(emulator.root().resolve(LOG), 256 * MB);
        long size = Files.size(emulator.root().resolve(LOG));
        assertTrue(size > Runtime.getRuntime().maxMemory(), "the log must not fit in this JVM's heap");

        LogPart part = lastPart();
        emulator.clearRequests();
        long readLines = 0;
        long readBytes = 0;
        long peakLive = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(part.open(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                readLines++;
                readBytes += line.length() + 1;
                if (readLines % 5000 == 0) {
                    peakLive = Math.max(peakLive, liveHeapAfterLastGc());
                }
            }
        }
        assertEquals(lines, readLines);
        assertEquals(size, readBytes);
        List<RecordedRequest> reads = emulator.requests("GET", "/api/2.0/dbfs/read");
        assertEquals((size + MB - 1) / MB + 1, reads.size(), "one read per megabyte, then one that finds the end");
        reads.forEach(r -> {
            assertTrue(r.payloadBytes() <= MB);
            assertEquals(String.valueOf(MB), r.param("length").orElseThrow());
        });
        System.out.printf("streamed %d MB in %d dbfs/read calls; live heap after GC peaked at %d MB of %d MB%n",
                size / MB, reads.size(), peakLive / MB, Runtime.getRuntime().maxMemory() / MB);
    }

    /** A volume log comes in one streamed answer of the Files API: no round trip per range to wait on, and no copy held. */
    @Test
    void volumeLogLargerThanTheHeapIsStreamedInOneRequest() throws IOException {
        Path file = emulator.root().resolve("files" + VOLUME_LOG);
        long lines = writeLog(file, 256 * MB);
        assertTrue(Files.size(file) > Runtime.getRuntime().maxMemory(), "the log must not fit in this JVM's heap");
        var workspace = Workspaces.connect(emulator.client(), null);
        LogPart part = workspace.fetch(new RunRef(1001, 7L, null)).clusters().get(1).eventLog().parts().get(0);
        emulator.clearRequests();
        long readLines = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(part.open(), StandardCharsets.UTF_8))) {
            while (in.readLine() != null) {
                readLines++;
            }
        }
        assertEquals(lines, readLines);
        assertEquals(1, emulator.requests("GET", "/api/2.0/fs/files" + VOLUME_LOG).size());
    }

    @Test
    void rangesAreDownloadedSeveralAtOnceAndReachTheReaderInOrder() throws IOException {
        writeLog(emulator.root().resolve(LOG), 12 * MB);
        String expected = sha256(Files.newInputStream(emulator.root().resolve(LOG)));
        LogPart part = lastPart();
        emulator.latency(Duration.ofMillis(50)); // a round trip, so that ranges asked together overlap
        emulator.clearRequests();

        assertEquals(expected, sha256(part.open()), "every byte, in order");
        assertTrue(emulator.mostCallsAtOnce() > 1, "ranges overlap: " + emulator.mostCallsAtOnce());
        assertTrue(emulator.mostCallsAtOnce() <= 8, "at most eight in flight: " + emulator.mostCallsAtOnce());
        long size = Files.size(emulator.root().resolve(LOG));
        assertEquals((size + MB - 1) / MB + 1, emulator.requests("GET", "/api/2.0/dbfs/read").size(), "each range once, then the end");
    }

    @Test
    void truncatedLogEndsWhereDeliveryStopped() throws IOException {
        emulator.truncate("dbfs:/" + LOG.substring("dbfs/".length()), 100);
        try (var in = lastPart().open()) {
            byte[] all = in.readAllBytes();
            assertEquals(100, all.length);
            assertTrue(new String(all, StandardCharsets.UTF_8).startsWith("{\"Event\": \"SparkListenerTaskEnd\""));
        }
    }

    private static String sha256(InputStream in) throws IOException {
        try (in) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What survived the latest collection in each heap pool: the data actually held, not garbage. */
    private static long liveHeapAfterLastGc() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP && p.getCollectionUsage() != null)
                .mapToLong(p -> p.getCollectionUsage().getUsed()).sum();
    }

    private LogPart lastPart() {
        var workspace = Workspaces.connect(emulator.client(), null);
        List<LogPart> parts = workspace.fetch(new RunRef(1001, 7L, null)).clusters().get(0).eventLog().parts();
        return parts.get(parts.size() - 1);
    }

    /** JSON lines of about 1 KB each, up to {@code bytes}; returns the number of lines. */
    private static long writeLog(Path file, long bytes) throws IOException {
        String padding = "x".repeat(900);
        long lines = 0;
        long written = 0;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            while (written < bytes) {
                String line = "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":1,\"Task Info\":{\"Task ID\":" + lines
                        + "},\"Padding\":\"" + padding + "\"}\n";
                out.write(line);
                written += line.length();
                lines++;
            }
        }
        return lines;
    }
}
