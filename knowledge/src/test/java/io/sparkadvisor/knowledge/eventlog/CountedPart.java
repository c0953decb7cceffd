package io.sparkadvisor.knowledge.eventlog;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** A log part whose opening and raw bytes are counted: which parts a read opened, and how much of them it read. */
public record CountedPart(LogPart part, Counts counts) implements LogPart {
    /** What the reads of some parts opened and read. */
    public static final class Counts {
        private final Set<String> opened = ConcurrentHashMap.newKeySet();
        private final AtomicLong bytes = new AtomicLong();

        public Set<String> opened() {
            return Set.copyOf(opened);
        }

        public long bytes() {
            return bytes.get();
        }
    }

    public static List<LogPart> all(List<LogPart> parts, Counts counts) {
        return parts.stream().<LogPart>map(p -> new CountedPart(p, counts)).toList();
    }

    @Override
    public String name() {
        return part.name();
    }

    @Override
    public long size() {
        return part.size();
    }

    @Override
    public InputStream open() throws IOException {
        counts.opened.add(part.name());
        return new FilterInputStream(part.open()) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                counts.bytes.addAndGet(b < 0 ? 0 : 1);
                return b;
            }

            @Override
            public int read(byte[] buffer, int off, int len) throws IOException {
                int n = super.read(buffer, off, len);
                counts.bytes.addAndGet(Math.max(0, n));
                return n;
            }
        };
    }
}
