package io.sparkadvisor.knowledge.eventlog;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The stages before the parser, each on a thread of its own: reading (opening a part, decoding it,
 * splitting it into lines) and skimming ({@link LineSkimmer}). They hand batches of lines on in
 * order, a few ahead, so that inflating, skimming and parsing run side by side; parsed batches come
 * back to be filled again. The parts of a rolling or delivered log each get their own two stages,
 * {@code partsAtOnce} parts at a time: the next part downloads, inflates and skims while the parser
 * is still on the one before, and its batches wait (a few, so memory stays bounded) until the parser
 * has finished that part, so that the parser sees every line in log order.
 */
final class LineBatches implements AutoCloseable {
    private static final int AHEAD = 3;
    private static final int BUFFER = 1 << 16;

    private final BlockingQueue<LineBatch> free = new ArrayBlockingQueue<>(2 * AHEAD + 2);
    private final List<LogPart> parts;
    private final boolean skim;
    private final int partsAtOnce;
    private final Deque<Handoff<LineBatch>> started = new ArrayDeque<>();
    private int nextPart;

    /** {@code skim} false: no line is skimmed. {@code partsAtOnce}: parts read ahead together (at least 1). */
    LineBatches(List<LogPart> parts, boolean skim, int partsAtOnce) {
        this.parts = parts;
        this.skim = skim;
        this.partsAtOnce = partsAtOnce;
        startAhead();
    }

    /**
     * The next batch of the parts in order (the last of each part has {@code partEnd} set; its
     * {@code rawBytes} count from the part's start); throws what reading threw.
     */
    LineBatch next() throws IOException {
        LineBatch batch = started.getFirst().take();
        if (batch.partEnd) {
            started.removeFirst().close();
            startAhead();
        }
        return batch;
    }

    /** A parsed batch, to be filled again. */
    void recycle(LineBatch batch) {
        free.offer(batch);
    }

    @Override
    public void close() {
        started.forEach(Handoff::close);
        started.clear();
    }

    private void startAhead() {
        while (started.size() < partsAtOnce && nextPart < parts.size()) {
            started.addLast(pipeline(parts.get(nextPart), nextPart++));
        }
    }

    private Handoff<LineBatch> pipeline(LogPart part, int index) {
        Handoff<LineBatch> read = new Handoff<>("eventlog-read-" + index, AHEAD, out -> read(part, out));
        return !skim ? read : new Handoff<>("eventlog-skim-" + index, AHEAD, out -> {
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

    private LineBatch empty() {
        LineBatch batch = free.poll();
        return batch == null ? new LineBatch() : batch.clear();
    }

    private void read(LogPart part, Handoff<LineBatch> out) throws InterruptedException {
        try (Counting raw = new Counting(part.open());
                InputStream in = Codec.sniffAndDecode(new BufferedInputStream(raw, BUFFER), part.name())) {
            new Lines(in, this::empty, out::put, () -> raw.count).readAll();
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
