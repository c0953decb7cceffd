package io.sparkadvisor.knowledge.eventlog;

import java.util.Arrays;

/**
 * Lines of one part on their way from the reader to the parser: a buffer of decoded bytes that
 * holds the lines (a batch owns it once handed on), each line's place in it, and the skimmed form
 * of the lines the skimmer cut. The last batch of a part says whether the part was cut short.
 * Batches are used again once parsed, so a read allocates a few of them whatever the log's size.
 */
final class LineBatch {
    static final int BYTES = 1 << 18;
    private static final int LINES = 2048;

    byte[] bytes = new byte[BYTES];
    final long[] numbers = new long[LINES];
    final int[] offsets = new int[LINES];
    final int[] lengths = new int[LINES];
    final boolean[] junk = new boolean[LINES];
    int count;
    byte[] skimmed = new byte[BYTES / 2];
    final int[] skimmedOffsets = new int[LINES];
    /** -1 when the line was not skimmed; {@link LineSkimmer#TASK_END_READ}: {@link #tasks} holds it read. */
    final int[] skimmedLengths = new int[LINES];
    /** The task ends the skimmer read, by line (kept for the next fill, so they are made once). */
    final TaskEnd[] tasks = new TaskEnd[LINES];
    boolean partEnd;
    boolean cut;
    /** Raw (compressed) bytes of the log read when the batch was handed on. */
    long rawBytes;

    /** Empty again, with buffers of the usual size (one grown for a long line is let go). */
    LineBatch clear() {
        if (bytes.length > BYTES) {
            bytes = new byte[BYTES];
        }
        if (skimmed.length > BYTES / 2) {
            skimmed = new byte[BYTES / 2];
        }
        count = 0;
        partEnd = false;
        cut = false;
        return this;
    }

    boolean full() {
        return count == LINES;
    }

    void add(long number, int offset, int length, boolean isJunk) {
        numbers[count] = number;
        offsets[count] = offset;
        lengths[count] = length;
        junk[count] = isJunk;
        skimmedLengths[count] = -1;
        count++;
    }

    /** Skims every line that is not junk. */
    void skim(LineSkimmer skimmer) {
        int used = 0;
        for (int line = 0; line < count; line++) {
            int length = junk[line] ? -1 : skimmer.skim(bytes, offsets[line], offsets[line] + lengths[line]);
            if (length == LineSkimmer.TASK_END_READ) {
                tasks[line] = skimmer.takeTask(tasks[line]);
            } else if (length >= 0) {
                if (used + length > skimmed.length) {
                    skimmed = Arrays.copyOf(skimmed, Math.max(skimmed.length * 2, used + length));
                }
                System.arraycopy(skimmer.out(), 0, skimmed, used, length);
                skimmedOffsets[line] = used;
                used += length;
            }
            skimmedLengths[line] = length;
        }
    }
}
