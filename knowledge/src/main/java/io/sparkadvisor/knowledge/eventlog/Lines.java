package io.sparkadvisor.knowledge.eventlog;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Splits a decoded part into lines and hands them on in {@link LineBatch}es: the stream is read
 * straight into a batch's buffer, and when the buffer is full its complete lines go on with it
 * while the line begun is carried to the next batch's buffer (which grows only for a longer line).
 * Blank lines are left out. A line that does not start with '{' is marked junk and its bytes are
 * dropped as they arrive, so binary data without line breaks costs no memory. A stream cut short
 * (a compressed part whose end is missing) ends with the partial line, and its last batch is
 * marked cut.
 */
final class Lines {
    /** Receives each full batch. */
    interface Receiver {
        void handOn(LineBatch full) throws InterruptedException;
    }

    private final InputStream in;
    private final Supplier<LineBatch> empties;
    private final Receiver batches;
    private final LongSupplier rawBytes;
    private LineBatch batch;
    private byte[] buf;
    private int start;
    private int end;
    private long number;
    private boolean junk;

    Lines(InputStream in, Supplier<LineBatch> empties, Receiver batches, LongSupplier rawBytes) {
        this.in = in;
        this.empties = empties;
        this.batch = empties.get();
        this.buf = batch.bytes;
        this.batches = batches;
        this.rawBytes = rawBytes;
    }

    /** Reads the part to its end; its last batch is handed on with {@code partEnd} set. */
    void readAll() throws IOException, InterruptedException {
        int scan = 0;
        boolean cut = false;
        while (true) {
            if (batch.full()) {
                scan -= start;
                carryOver();
            }
            int newline = ByteScan.toNewline(buf, scan, end);
            if (newline < end) {
                line(newline);
                start = newline + 1;
                scan = start;
                junk = false;
                continue;
            }
            if (!junk) {
                int first = firstNonSpace(start, end);
                junk = first >= 0 && buf[first] != '{';
            }
            if (junk) { // keep nothing of a line that is no event
                end = start;
            }
            if (end == buf.length) {
                carryOver();
            }
            scan = end;
            int n;
            try {
                n = in.read(buf, end, buf.length - end);
            } catch (EOFException e) {
                cut = true;
                n = -1;
            } catch (IOException e) {
                batches.handOn(batch); // the lines before the failure are judged before it
                throw e;
            }
            if (n < 0) {
                if (end > start || junk) {
                    line(end);
                }
                batch.partEnd = true;
                batch.cut = cut;
                batch.rawBytes = rawBytes.getAsLong();
                batches.handOn(batch);
                return;
            }
            end += n;
        }
    }

    private void line(int lineEnd) {
        number++;
        if (!junk) {
            int first = firstNonSpace(start, lineEnd);
            if (first < 0) {
                return; // blank
            }
            junk = buf[first] != '{';
        }
        batch.add(number, start, lineEnd - start, junk);
    }

    /**
     * Makes room to read on: carries the line begun to the start of the next buffer (a larger one
     * when that line alone fills a buffer), then hands on the complete lines with their buffer. In
     * that order: a batch handed on may be parsed, recycled and filled by another part's reader
     * before this one would have copied from it.
     */
    private void carryOver() throws InterruptedException {
        byte[] old = buf;
        int length = end - start;
        LineBatch full = batch.count > 0 ? batch : null;
        if (full != null) {
            batch = empties.get();
            buf = batch.bytes;
        }
        int need = length == old.length ? length * 2 : length + 1;
        if (buf.length < need) {
            buf = new byte[Math.max(LineBatch.BYTES, need)];
            batch.bytes = buf;
        }
        System.arraycopy(old, start, buf, 0, length);
        start = 0;
        end = length;
        if (full != null) {
            full.rawBytes = rawBytes.getAsLong();
            batches.handOn(full);
        }
    }

    private int firstNonSpace(int from, int to) {
        for (int i = from; i < to; i++) {
            if (!StrictJson.isSpace(buf[i])) {
                return i;
            }
        }
        return -1;
    }
}
