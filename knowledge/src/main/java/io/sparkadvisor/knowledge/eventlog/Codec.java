package io.sparkadvisor.knowledge.eventlog;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import net.jpountz.lz4.LZ4BlockInputStream;
import org.xerial.snappy.SnappyInputStream;

/**
 * The compression framings event logs come in: Spark's own codecs (lz4 block stream, snappy-java
 * stream, zstd frames, chosen by {@code spark.eventLog.compression.codec} and named by the file
 * extension) and gzip (Databricks' rolled delivery files and our corpus).
 */
public enum Codec {
    PLAIN(""),
    GZIP(".gz"),
    ZSTD(".zstd"),
    LZ4(".lz4"),
    SNAPPY(".snappy");

    private final String extension;

    Codec(String extension) {
        this.extension = extension;
    }

    /** Picks the codec from a file name, ignoring Spark's {@code .inprogress} suffix. */
    public static Codec forFileName(String fileName) {
        String name = stripInProgress(fileName);
        if (name.endsWith(".zst")) {
            return ZSTD;
        }
        for (Codec codec : values()) {
            if (codec != PLAIN && name.endsWith(codec.extension)) {
                return codec;
            }
        }
        if (name.endsWith(".lzf")) {
            throw new EventLogException(fileName + " is compressed with lzf, which spark-advisor does not read;"
                    + " set spark.eventLog.compression.codec to zstd, lz4 or snappy");
        }
        return PLAIN;
    }

    public static String stripInProgress(String fileName) {
        return fileName.endsWith(".inprogress") ? fileName.substring(0, fileName.length() - ".inprogress".length()) : fileName;
    }

    /**
     * Opens a decoding stream, trusting the bytes over the name: a log renamed without its
     * extension (or a gzip named .log) still reads. {@code raw} must support mark/reset.
     */
    public static InputStream sniffAndDecode(InputStream raw, String fileName) throws IOException {
        raw.mark(8);
        byte[] head = raw.readNBytes(8);
        raw.reset();
        return sniff(head).orElse(forFileName(fileName)).decode(raw);
    }

    private static Optional<Codec> sniff(byte[] h) {
        if (h.length >= 2 && (h[0] & 0xff) == 0x1f && (h[1] & 0xff) == 0x8b) {
            return Optional.of(GZIP);
        }
        if (h.length >= 4 && (h[0] & 0xff) == 0x28 && (h[1] & 0xff) == 0xb5 && (h[2] & 0xff) == 0x2f && (h[3] & 0xff) == 0xfd) {
            return Optional.of(ZSTD);
        }
        String ascii = new String(h, StandardCharsets.ISO_8859_1);
        if (ascii.startsWith("LZ4Block")) {
            return Optional.of(LZ4);
        }
        if ((h.length >= 7 && (h[0] & 0xff) == 0x82 && ascii.startsWith("SNAPPY", 1))) {
            return Optional.of(SNAPPY);
        }
        return Optional.empty();
    }

    public InputStream decode(InputStream raw) throws IOException {
        return switch (this) {
            case PLAIN -> raw;
            case GZIP -> new GZIPInputStream(raw, 1 << 16);
            case ZSTD -> new ZstdInputStreamNoFinalizer(raw).setContinuous(true);
            case LZ4 -> new LZ4BlockInputStream(raw);
            case SNAPPY -> new SnappyInputStream(raw);
        };
    }
}
