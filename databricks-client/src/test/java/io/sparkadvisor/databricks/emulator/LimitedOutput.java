package io.sparkadvisor.databricks.emulator;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Passes on at most {@code limit} bytes and drops the rest: how a truncated download looks. */
final class LimitedOutput extends FilterOutputStream {
    private long remaining;

    LimitedOutput(OutputStream out, long limit) {
        super(out);
        this.remaining = limit;
    }

    @Override
    public void write(int b) throws IOException {
        if (remaining > 0) {
            out.write(b);
            remaining--;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        int n = (int) Math.min(len, remaining);
        if (n > 0) {
            out.write(b, off, n);
            remaining -= n;
        }
    }
}
