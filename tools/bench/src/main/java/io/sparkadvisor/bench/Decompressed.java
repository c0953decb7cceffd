package io.sparkadvisor.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/** The peers read a .gz log through the JDK's inflater, as a caller of theirs would have to (Spark reads no gzip logs itself). */
final class Decompressed {
    private Decompressed() {}

    static InputStream of(InputStream raw) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        in.mark(2);
        boolean gzip = in.read() == 0x1f && in.read() == 0x8b;
        in.reset();
        return gzip ? new GZIPInputStream(in, 1 << 16) : in;
    }
}
