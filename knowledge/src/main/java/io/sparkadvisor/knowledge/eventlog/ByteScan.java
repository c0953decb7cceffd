package io.sparkadvisor.knowledge.eventlog;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Runs through bytes eight at a time (SWAR) to the first one that needs a look: a line end, or in a
 * JSON string a quote, a backslash, and for {@link #toSpecial} also a control character or a
 * non-ASCII byte. In each test the lowest flagged byte is exact, which is the only one used.
 */
final class ByteScan {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';
    private static final long SPACES = ONES * 0x20;

    private static final long NEWLINES = ONES * '\n';

    private ByteScan() {}

    /** The index of the first '\n' at or after {@code i}, or {@code to}. */
    static int toNewline(byte[] b, int i, int to) {
        for (; i + 8 <= to; i += 8) {
            long flags = equal((long) LONGS.get(b, i), NEWLINES);
            if (flags != 0) {
                return i + (Long.numberOfTrailingZeros(flags) >>> 3);
            }
        }
        while (i < to && b[i] != '\n') {
            i++;
        }
        return i;
    }

    /** The index of the first quote or backslash at or after {@code i}, or {@code to}. */
    static int toQuoteOrBackslash(byte[] b, int i, int to) {
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long flags = equal(w, QUOTES) | equal(w, BACKSLASHES);
            if (flags != 0) {
                return i + (Long.numberOfTrailingZeros(flags) >>> 3);
            }
        }
        while (i < to && b[i] != '"' && b[i] != '\\') {
            i++;
        }
        return i;
    }

    /** The index of the first quote, backslash, control character or non-ASCII byte at or after {@code i}, or {@code to}. */
    static int toSpecial(byte[] b, int i, int to) {
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            // a byte below 0x20 borrows into its high bit, one of 0x80 or more has it: (w - SPACES | w) & HIGHS
            long flags = equal(w, QUOTES) | equal(w, BACKSLASHES) | (w - SPACES | w) & HIGHS;
            if (flags != 0) {
                return i + (Long.numberOfTrailingZeros(flags) >>> 3);
            }
        }
        while (i < to) {
            int c = b[i] & 0xff;
            if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) {
                return i;
            }
            i++;
        }
        return i;
    }

    private static long equal(long w, long pattern) {
        long x = w ^ pattern;
        return (x - ONES) & ~x & HIGHS;
    }
}
