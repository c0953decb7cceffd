package io.sparkadvisor.knowledge.eventlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Collections;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs in its own JVM with a 64 MB heap (the knowledge pom's small-heap execution) and reads a log
 * several times larger than that heap: a real log with one of its task-end events repeated, streamed
 * from memory-less generators so the test itself holds nothing.
 */
@Tag("small-heap")
class StreamingTest {
    private static final int COPIES = 60_000;

    @Test
    void readsALogLargerThanTheHeap() throws IOException {
        String log;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Corpus.log("healthy")))) {
            log = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int firstTaskEnd = log.indexOf("{\"Event\":\"SparkListenerTaskEnd\"");
        int lineEnd = log.indexOf('\n', firstTaskEnd) + 1;
        byte[] head = log.substring(0, lineEnd).getBytes(StandardCharsets.UTF_8);
        byte[] taskEnd = log.substring(firstTaskEnd, lineEnd).getBytes(StandardCharsets.UTF_8);
        byte[] tail = log.substring(lineEnd).getBytes(StandardCharsets.UTF_8);
        long size = head.length + (long) taskEnd.length * COPIES + tail.length;
        assertTrue(size > 2 * Runtime.getRuntime().maxMemory(), "log " + size + " B vs heap " + Runtime.getRuntime().maxMemory());

        LogPart part = new LogPart() {
            public String name() {
                return "generated.log";
            }

            public long size() {
                return size;
            }

            public InputStream open() {
                return new SequenceInputStream(Collections.enumeration(List.of(new ByteArrayInputStream(head),
                        new Repeat(taskEnd, COPIES), new ByteArrayInputStream(tail))));
            }
        };
        RunFacts facts = RunFactsReader.read(List.of(part), b -> {});
        RunFacts original = Corpus.facts("healthy");
        assertEquals(original.coverage().tasks() + COPIES, facts.coverage().tasks());
        long stageTasks = facts.stages().stream().mapToLong(s -> s.metric(TaskMetric.DURATION).count()).sum();
        assertEquals(original.stages().stream().mapToLong(s -> s.metric(TaskMetric.DURATION).count()).sum() + COPIES, stageTasks);
        assertTrue(facts.stages().stream().allMatch(s -> s.durationSample().size() <= 1000), "samples stay bounded");
    }

    /** One line repeated, produced on demand. */
    private static final class Repeat extends InputStream {
        private final byte[] line;
        private long remaining;
        private int pos;

        Repeat(byte[] line, long copies) {
            this.line = line;
            this.remaining = copies;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (remaining == 0) {
                return -1;
            }
            int n = Math.min(len, line.length - pos);
            System.arraycopy(line, pos, b, off, n);
            pos += n;
            if (pos == line.length) {
                pos = 0;
                remaining--;
            }
            return n;
        }
    }
}
