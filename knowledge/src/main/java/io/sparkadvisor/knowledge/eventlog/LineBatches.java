package io.sparkadvisor.knowledge.eventlog;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The stages before the parser, each on a thread of its own: reading (opening each part in turn,
 * decoding it, splitting it into lines) and skimming ({@link LineSkimmer}). They hand batches of
 * lines on in order, a few ahead, so that inflating, skimming and parsing run side by side; parsed
 * batches come back to be filled again.
 */
final class LineBatches implements AutoCloseable {
    private static final int AHEAD = 3;
    private static final int BUFFER = 1 << 16;

    private final BlockingQueue<LineBatch> free = new ArrayBlockingQueue<>(2 * AHEAD + 2);
    private final Handoff<LineBatch> batches;

    /** {@code skim} false: no line is skimmed. */
    LineBatches(List<LogPart> parts, boolean skim) {
        Handoff<LineBatch> read = new Handoff<>("eventlog-read", AHEAD, out -> {
            long before = 0;
            for (LogPart part : parts) {
                before += read(part, before, out);
            }
        });
        batches = !skim ? read : new Handoff<>("eventlog-skim", AHEAD, out -> {
            LineSkimmer skimmer = new LineSkimmer();
            try (read) {
                LineBatch batch;
                while ((batch = read.take()) != null) {
                    batch.skim(skimmer);
                    out.put(batch);
                }
            }
        });
    }

    /** The next batch of the parts in order (the last of each part has {@code partEnd} set); throws what reading threw. */
    LineBatch next() throws IOException {
        return batches.take();
    }

    /** A parsed batch, to be filled again. */
    void recycle(LineBatch batch) {
        free.offer(batch);
    }

    @Override
    public void close() {
        batches.close();
    }

    private LineBatch empty() {
        LineBatch batch = free.poll();
        return batch == null ? new LineBatch() : batch.clear();
    }

    /** @return the part's raw bytes */
    private long read(LogPart part, long before, Handoff<LineBatch> out) throws InterruptedException {
        try (Counting raw = new Counting(part.open());
                InputStream in = Codec.sniffAndDecode(new BufferedInputStream(raw, BUFFER), part.name())) {
            new Lines(in, empty(), full -> {
                out.put(full);
                return empty();
            }, () -> before + raw.count).readAll();
            return raw.count;
        } catch (IOException e) {
            throw new EventLogException("cannot read " + part.name() + ": " + e.getMessage()
                    + "; check that it is a Spark event log (plain, .gz, .zstd, .lz4 or .snappy)", e);
        }
    }

    /** Counts a part's raw bytes. */
    private static final class Counting extends FilterInputStream {
        long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
