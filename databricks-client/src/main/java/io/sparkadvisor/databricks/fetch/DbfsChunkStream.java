package io.sparkadvisor.databricks.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A DBFS file read in ranges of at most 1 MiB (the cap of one {@code dbfs/read}), several in flight
 * at once and handed to the reader in order. Against a workspace each call is a round trip of
 * 100-200 ms: one after another, a 568 MB live event log (Databricks leaves it uncompressed) takes
 * minutes; {@link #AHEAD} at a time, the parser reads while the next ranges arrive. Ranges past the
 * listed size are asked one at a time until an empty answer, as a live file may have grown since
 * it was listed. Written here rather than using the SDK's {@code DbfsExt.open}, which reads one
 * range at a time and returns negative values for bytes 0x80-0xFE.
 */
public final class DbfsChunkStream extends InputStream {
    public static final int CHUNK_BYTES = 1024 * 1024;
    /** Ranges in flight per file: their round trips overlap, and at most this many MiB wait in memory. */
    static final int AHEAD = 8;
    /** Shared by all downloads of the process, so several asks at once do not multiply the connections to the workspace. */
    private static final ExecutorService DOWNLOADS = Executors.newFixedThreadPool(16, Concurrent.daemon("dbfs-read"));

    private final Ranges read;
    private final String path;
    private final long listedSize;
    private final Deque<Range> inFlight = new ArrayDeque<>();
    private long nextOffset;
    private boolean endOfFile;
    private byte[] chunk = new byte[0];
    private int position;

    /** One range asked for: where it starts, and its bytes once they arrive. */
    private record Range(long offset, CompletableFuture<byte[]> bytes) {}

    /** One {@code dbfs/read} call: the file's bytes from {@code offset}, at most {@code length}, none past its end. */
    public interface Ranges {
        byte[] read(String path, long offset, int length);
    }

    /** {@code listedSize}: the file's size in its folder listing; 0 when unknown (every range is then asked in turn). */
    public DbfsChunkStream(Ranges read, String path, long listedSize) {
        this.read = read;
        this.path = path;
        this.listedSize = listedSize;
    }

    @Override
    public int read() throws IOException {
        return fill() ? chunk[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] buffer, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, chunk.length - position);
        System.arraycopy(chunk, position, buffer, off, n);
        position += n;
        return n;
    }

    @Override
    public void close() {
        inFlight.forEach(r -> r.bytes().cancel(false));
        inFlight.clear();
        endOfFile = true;
    }

    /** True when at least one unread byte is buffered; waits for the next range if needed. */
    private boolean fill() throws IOException {
        while (position == chunk.length) {
            if (endOfFile) {
                return false;
            }
            askAhead();
            Range next = inFlight.poll();
            byte[] bytes = bytes(next);
            if (bytes.length == 0) {
                close();
            } else if (bytes.length < CHUNK_BYTES) {
                // the end as it is now, or a short answer: what comes next, if anything, starts right after it
                inFlight.forEach(r -> r.bytes().cancel(false));
                inFlight.clear();
                nextOffset = next.offset() + bytes.length;
            }
            chunk = bytes;
            position = 0;
        }
        return true;
    }

    /** Keeps up to {@link #AHEAD} ranges in flight inside the listed size, and one past it. */
    private void askAhead() {
        while (inFlight.size() < AHEAD && (nextOffset < listedSize || inFlight.isEmpty())) {
            long offset = nextOffset;
            inFlight.add(new Range(offset, CompletableFuture.supplyAsync(() -> range(offset), DOWNLOADS)));
            nextOffset += CHUNK_BYTES;
        }
    }

    private byte[] range(long offset) {
        return read.read(path, offset, CHUNK_BYTES);
    }

    /** Readers of a LogPart expect I/O failures as IOException, wherever the bytes come from. */
    private byte[] bytes(Range range) throws IOException {
        try {
            return range.bytes().join();
        } catch (CompletionException | CancellationException e) {
            close();
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IOException(cause.getMessage(), cause);
        }
    }
}
