package io.sparkadvisor.knowledge.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The read's stages run on threads of their own (decode and split, skim) beside the caller's
 * (parse and fold): what goes wrong on their side reaches the caller as a single-threaded read
 * would report it, progress is reported on the caller's thread, and no thread outlives a read.
 */
class ReadStagesTest {

    @Test
    void aPartFailingHalfWayIsAnErrorNamingIt() throws IOException {
        byte[] log = healthyPlain();
        LogPart part = part("events_1_app", () -> new InputStream() {
            private final InputStream in = new ByteArrayInputStream(log, 0, log.length / 2);

            @Override
            public int read() throws IOException {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("connection reset");
                }
                return b;
            }
        });
        EventLogException e = assertThrows(EventLogException.class, () -> RunFactsReader.read(List.of(part), b -> { }));
        assertTrue(e.getMessage().startsWith("cannot read events_1_app: connection reset"), e.getMessage());
        assertNoReadThreadsLeft();
    }

    @Test
    void aPartThatCannotBeOpenedFailsTheReadAfterTheOnesBefore() throws IOException {
        byte[] log = healthyPlain();
        LogPart good = part("events_1_app", () -> new ByteArrayInputStream(log));
        LogPart gone = part("events_2_app", () -> {
            throw new IOException("no such file");
        });
        EventLogException e = assertThrows(EventLogException.class, () -> RunFactsReader.read(List.of(good, gone), b -> { }));
        assertEquals("cannot read events_2_app: no such file; check that it is a Spark event log (plain, .gz, .zstd,"
                + " .lz4 or .snappy)", e.getMessage());
        assertNoReadThreadsLeft();
    }

    /** Part 1's last bytes arrive only once part 2 is being read: read one part after the other, this would wait forever. */
    @Test
    void theNextPartIsReadWhileTheOneBeforeIsStillArriving() throws IOException {
        byte[] log = healthyPlain();
        int half = lineEndAfter(log, log.length / 2);
        CountDownLatch secondOpened = new CountDownLatch(1);
        LogPart first = part("events_1_app", () -> new SequenceInputStream(new ByteArrayInputStream(log, 0, half), new InputStream() {
            @Override
            public int read() throws IOException {
                try {
                    if (!secondOpened.await(30, TimeUnit.SECONDS)) {
                        throw new IOException("part 2 was not read while part 1 was still arriving");
                    }
                } catch (InterruptedException e) {
                    throw new InterruptedIOException();
                }
                return -1;
            }
        }));
        LogPart second = part("events_2_app", () -> {
            secondOpened.countDown();
            return new ByteArrayInputStream(log, half, log.length - half);
        });
        RunFacts facts = RunFactsReader.read(List.of(first, second), b -> { });
        assertEquals(Corpus.facts("healthy").coverage().tasks(), facts.coverage().tasks());
        assertNoReadThreadsLeft();
    }

    private static int lineEndAfter(byte[] bytes, int i) {
        while (bytes[i] != '\n') {
            i++;
        }
        return i + 1;
    }

    @Test
    void progressIsReportedOnTheCallersThreadAboutOnceAMegabyte() throws IOException {
        byte[] log = plain("small-files");
        List<Long> seen = new ArrayList<>();
        Thread caller = Thread.currentThread();
        RunFacts facts = RunFactsReader.read(List.of(part("app.log", () -> new ByteArrayInputStream(log))), bytes -> {
            assertEquals(caller, Thread.currentThread());
            seen.add(bytes);
        });
        assertEquals(Corpus.facts("small-files").coverage(), facts.coverage());
        assertTrue(seen.size() >= 6 && seen.size() <= log.length >> 20, seen.toString());
        assertTrue(seen.get(seen.size() - 1) <= log.length);
        assertNoReadThreadsLeft();
    }

    @Test
    void aFileThatIsNoEventLogStopsTheStagesBehindIt() {
        byte[] junk = new byte[8 << 20]; // zeros: one endless line, no event
        EventLogException e = assertThrows(EventLogException.class,
                () -> RunFactsReader.read(List.of(part("data.bin", () -> new ByteArrayInputStream(junk))), b -> { }));
        assertTrue(e.getMessage().contains("is not a Spark event log"), e.getMessage());
        assertNoReadThreadsLeft();
    }

    @Test
    void manyShortLinesFillSeveralBatchesOfOneBuffer() throws IOException {
        byte[] log = healthyPlain();
        StringBuilder more = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            more.append("{\"Event\":\"Custom").append(i % 7).append("\"}\n");
        }
        byte[] both = (new String(log, java.nio.charset.StandardCharsets.UTF_8) + more).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        RunFacts facts = RunFactsReader.read(List.of(part("app.log", () -> new ByteArrayInputStream(both))), b -> { });
        assertEquals(Corpus.facts("healthy").coverage().events() + 20_000, facts.coverage().events());
        assertEquals(20_000, facts.coverage().unknownEvents());
    }

    private static void assertNoReadThreadsLeft() {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().startsWith("eventlog-"))) {
            assertTrue(System.nanoTime() < deadline, "a read's thread is still running");
            Thread.onSpinWait();
        }
    }

    private static byte[] healthyPlain() throws IOException {
        return plain("healthy");
    }

    private static byte[] plain(String scenario) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Corpus.log(scenario)))) {
            return in.readAllBytes();
        }
    }

    private interface Opener {
        InputStream open() throws IOException;
    }

    private static LogPart part(String name, Opener opener) {
        return new LogPart() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public long size() {
                return -1;
            }

            @Override
            public InputStream open() throws IOException {
                return opener.open();
            }
        };
    }
}
