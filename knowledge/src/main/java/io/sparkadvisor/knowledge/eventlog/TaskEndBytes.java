package io.sparkadvisor.knowledge.eventlog;

import static io.sparkadvisor.knowledge.eventlog.StrictJson.ws;

import io.sparkadvisor.knowledge.eventlog.TaskEndFields.Kind;
import io.sparkadvisor.knowledge.eventlog.TaskEndFields.Member;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a task-end line's {@link TaskEndFields} straight from its bytes, in the one walk that
 * checks the line, without Jackson: task ends are nearly every line of a large log, and most of
 * their bytes are accumulator updates nothing reads. It reads a line only when every value the
 * facts take is in the form Spark writes it (an integer without fraction or exponent, a string
 * without escapes, true or false, an object where one is expected) and every other value is strict
 * JSON ({@link StrictJson}); on anything else (a float, an escape, a name it cannot compare, a
 * damaged byte) it gives the line up and Jackson reads it, so a line read here reads to what
 * Jackson would give ({@code SkimmerDifferentialTest}).
 */
final class TaskEndBytes {
    /** 18 digits cannot overflow a long. */
    private static final int MAX_DIGITS = 18;
    private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);

    private final Texts texts = new Texts();
    private TaskEnd task = new TaskEnd();

    /**
     * {@code i} is just after the comma that follows the event's type. @return whether the line was
     * read, into {@link #take}'s task
     */
    boolean read(byte[] b, int i, int to) {
        task.reset();
        int end = members(b, i, to, TaskEndFields.EVENT);
        return end >= 0 && ws(b, end, to) == to;
    }

    /** The task read last; {@code replacement} (null: a new one) is read into next. */
    TaskEnd take(TaskEnd replacement) {
        TaskEnd read = task;
        task = replacement == null ? new TaskEnd() : replacement;
        return read;
    }

    /** Members up to and including the object's closing brace; @return the index after it, or -1: Jackson's. */
    private int members(byte[] b, int i, int to, TaskEndFields fields) {
        int expected = 0;
        while (true) {
            i = ws(b, i, to);
            if (i >= to || b[i] != '"') {
                return -1;
            }
            int at = expected;
            int nameEnd = fields.expectedNameEnd(b, i + 1, to, expected);
            if (nameEnd < 0) {
                nameEnd = StrictJson.plainStringEnd(b, i + 1, to);
                if (nameEnd < 0) {
                    return -1;
                }
                at = fields.find(b, i + 1, nameEnd);
            }
            i = ws(b, nameEnd + 1, to);
            if (i >= to || b[i] != ':') {
                return -1;
            }
            i = ws(b, i + 1, to);
            if (at < 0) {
                i = StrictJson.valueEnd(b, i, to);
            } else {
                expected = at + 1;
                i = value(b, i, to, fields.member(at));
            }
            i = StrictJson.separator(b, i, to, '}');
            if (i < 0 || b[i] == '}') {
                return i < 0 ? -1 : i + 1;
            }
            i++;
        }
    }

    private int value(byte[] b, int i, int to, Member member) {
        if (i >= to) {
            return -1;
        }
        return switch (member.kind()) {
            case UNREAD -> StrictJson.valueEnd(b, i, to);
            case INT, LONG, NANOS, SUM -> number(b, i, to, member);
            case BOOLEAN -> flag(b, i, to, member);
            case TEXT -> b[i] == '"' ? text(b, i, to, member) : -1;
            case MESSAGE -> b[i] == '"' ? text(b, i, to, member) : StrictJson.valueEnd(b, i, to);
            case OBJECT -> {
                if (b[i] != '{') {
                    yield -1;
                }
                int first = ws(b, i + 1, to);
                yield first < to && b[first] == '}' ? first + 1 : members(b, first, to, member.object());
            }
        };
    }

    /** -?(0|[1-9][0-9]*), at most 18 digits, and an int where one is read. */
    private int number(byte[] b, int i, int to, Member member) {
        boolean negative = b[i] == '-';
        int start = negative ? i + 1 : i;
        int end = start;
        long value = 0;
        while (end < to && b[end] >= '0' && b[end] <= '9') {
            value = value * 10 + (b[end] - '0');
            end++;
        }
        int digits = end - start;
        if (digits == 0 || digits > MAX_DIGITS || digits > 1 && b[start] == '0'
                || end < to && (b[end] == '.' || b[end] == 'e' || b[end] == 'E')) {
            return -1;
        }
        value = negative ? -value : value;
        if (member.kind() == Kind.INT && (int) value != value) {
            return -1;
        }
        member.number(task, member.kind() == Kind.NANOS ? value / TaskEndFields.NANOS_PER_MS : value);
        return end;
    }

    private int flag(byte[] b, int i, int to, Member member) {
        byte[] word = b[i] == 't' ? TRUE : FALSE;
        if (to - i < word.length || !Arrays.equals(b, i, i + word.length, word, 0, word.length)) {
            return -1;
        }
        member.number(task, word == TRUE ? 1 : 0);
        return i + word.length;
    }

    private int text(byte[] b, int i, int to, Member member) {
        int end = StrictJson.plainStringEnd(b, i + 1, to);
        if (end < 0) {
            return -1;
        }
        member.text(task, texts.of(b, i + 1, end));
        return end + 1;
    }

    /** The few strings a log repeats on every task (executor ids, "Success"), decoded once. */
    private static final class Texts {
        private static final int SIZE = 16;
        private final byte[][] keys = new byte[SIZE][];
        private final String[] values = new String[SIZE];
        private int next;

        String of(byte[] b, int from, int to) {
            for (int k = 0; k < SIZE && keys[k] != null; k++) {
                byte[] key = keys[k];
                if (key.length == to - from && Arrays.equals(b, from, to, key, 0, key.length)) {
                    return values[k];
                }
            }
            String value = new String(b, from, to - from, StandardCharsets.UTF_8);
            if (to - from <= 64) {
                keys[next] = Arrays.copyOfRange(b, from, to);
                values[next] = value;
                next = (next + 1) % SIZE;
            }
            return value;
        }
    }
}
