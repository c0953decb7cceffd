package io.sparkadvisor.knowledge.eventlog;

import static io.sparkadvisor.knowledge.eventlog.StrictJson.ws;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Takes out of an event line the values no fact reads ({@link UnreadFields}) before Jackson
 * tokenises it: each is replaced by an empty value of its kind ({@code []} or {@code {}}), so the
 * line stays the same event with the same members. Why this changes no fact:
 * <ul>
 * <li>a value is cut only when it is strict JSON ({@link StrictJson}), so a damaged one stays and
 * fails its line in Jackson as before;</li>
 * <li>the walk to it only tells where values end (strings, escapes and brackets), since Jackson still
 * reads everything around the cuts: if the cut line does not parse, the reader parses the line as it
 * was, so a corrupt line is skipped with the full parser's reason;</li>
 * <li>a member name written with escapes is not recognised, and its value is left to Jackson.</li>
 * </ul>
 * An event the reader skips whole (a task start, a block update, a type it does not know) needs no
 * Jackson at all when the whole line is strict JSON: it is only counted, as parsing it would. A task
 * end, nearly every line of a large log, is read here whole when it can be ({@link TaskEndBytes}),
 * and otherwise cut like the other events.
 */
final class LineSkimmer {
    private static final byte[] EVENT = "\"Event\"".getBytes(StandardCharsets.US_ASCII);
    /** What {@link #members} returns once the event's last unread path is cut: the rest is Jackson's. */
    private static final int DONE = Integer.MAX_VALUE;
    /** What {@link #skim} returns for a line that is a valid event of a type the reader skips, or does not know. */
    static final int SKIPPED_EVENT = -2;
    static final int UNKNOWN_EVENT = -3;
    /** What {@link #skim} returns for a task end it has read: {@link #takeTask} holds it. */
    static final int TASK_END_READ = -4;

    private final TaskEndBytes taskEnds = new TaskEndBytes();
    private byte[] out = new byte[1 << 16];
    private int[] cuts = new int[16];
    private int cutCount;
    /** Whether the last string {@link #stringEnd} passed held a backslash. */
    private boolean escaped;

    /**
     * @return the length of the skimmed line in {@link #out()}; -1 when nothing is cut: parse the line
     *     as it is; or {@link #SKIPPED_EVENT}, {@link #UNKNOWN_EVENT} or {@link #TASK_END_READ}
     */
    int skim(byte[] b, int from, int to) {
        cutCount = 0;
        int open = ws(b, from, to);
        if (open >= to || b[open] != '{') {
            return -1;
        }
        int i = ws(b, open + 1, to);
        if (to - i < EVENT.length || !Arrays.equals(b, i, i + EVENT.length, EVENT, 0, EVENT.length)) {
            return -1;
        }
        i = ws(b, i + EVENT.length, to);
        if (i >= to || b[i] != ':') {
            return -1;
        }
        i = ws(b, i + 1, to);
        if (i >= to || b[i] != '"') {
            return -1;
        }
        int typeEnd = stringEnd(b, i + 1, to);
        if (typeEnd < 0 || escaped) {
            return -1;
        }
        UnreadFields unread = UnreadFields.ofType(b, i + 1, typeEnd);
        if (unread == UnreadFields.SKIPPED_EVENT || unread == UnreadFields.UNKNOWN_EVENT) {
            int end = StrictJson.valueEnd(b, open, to);
            return end < 0 || ws(b, end, to) != to ? -1 : unread == UnreadFields.SKIPPED_EVENT ? SKIPPED_EVENT : UNKNOWN_EVENT;
        }
        i = ws(b, typeEnd + 1, to);
        if (unread == UnreadFields.OF_TASK_END && i < to && b[i] == ',' && taskEnds.read(b, i + 1, to)) {
            return TASK_END_READ;
        }
        if (unread == null || i >= to || b[i] != ',' || members(b, i + 1, to, unread) < 0 || cutCount == 0) {
            return -1;
        }
        return splice(b, from, to);
    }

    byte[] out() {
        return out;
    }

    /** The task end {@link #skim} read last; {@code replacement} (null: a new one) is read into next. */
    TaskEnd takeTask(TaskEnd replacement) {
        return taskEnds.take(replacement);
    }

    /** Members up to and including the object's closing brace; @return the index after it, {@link #DONE} or -1. */
    private int members(byte[] b, int i, int to, UnreadFields unread) {
        while (true) {
            i = ws(b, i, to);
            if (i >= to || b[i] != '"') {
                return -1;
            }
            int nameEnd = stringEnd(b, i + 1, to);
            if (nameEnd < 0) {
                return -1;
            }
            UnreadFields member = escaped ? null : unread.member(b, i + 1, nameEnd);
            i = ws(b, nameEnd + 1, to);
            if (i >= to || b[i] != ':') {
                return -1;
            }
            i = ws(b, i + 1, to);
            if (i >= to) {
                return -1;
            }
            byte c = b[i];
            if (member != null && member.isUnread() && (c == '[' || c == '{')) {
                int end = StrictJson.valueEnd(b, i, to);
                if (end < 0) {
                    return -1;
                }
                cut(i, end);
                if (member.isLast()) {
                    return DONE;
                }
                i = end;
            } else if (member != null && !member.isUnread() && c == '{') {
                i = ws(b, i + 1, to);
                i = i < to && b[i] == '}' ? i + 1 : members(b, i, to, member);
                if (i == DONE) {
                    return DONE;
                }
            } else {
                i = valueEnd(b, i, to);
            }
            i = StrictJson.separator(b, i, to, '}');
            if (i < 0 || b[i] == '}') {
                return i < 0 ? -1 : i + 1;
            }
            i++;
        }
    }

    /** Where a value Jackson will read ends: only strings and brackets matter here. */
    private int valueEnd(byte[] b, int i, int to) {
        byte c = b[i];
        if (c == '"') {
            int end = stringEnd(b, i + 1, to);
            return end < 0 ? -1 : end + 1;
        }
        if (c != '{' && c != '[') {
            int start = i;
            while (i < to && b[i] != ',' && b[i] != '}' && b[i] != ']' && !StrictJson.isSpace(b[i])) {
                i++;
            }
            return i > start ? i : -1;
        }
        int depth = 0;
        while (i < to) {
            c = b[i];
            if (c == '"') {
                i = stringEnd(b, i + 1, to);
                if (i < 0) {
                    return -1;
                }
            } else if (c == '{' || c == '[') {
                depth++;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                return i + 1;
            }
            i++;
        }
        return -1;
    }

    /** {@code i} is just after an opening quote; @return the index of the closing one, or -1. */
    private int stringEnd(byte[] b, int i, int to) {
        escaped = false;
        while ((i = ByteScan.toQuoteOrBackslash(b, i, to)) < to) {
            if (b[i] == '"') {
                return i;
            }
            escaped = true;
            i += 2;
        }
        return -1;
    }

    private void cut(int start, int end) {
        if (cutCount * 2 == cuts.length) {
            cuts = Arrays.copyOf(cuts, cuts.length * 2);
        }
        cuts[cutCount * 2] = start;
        cuts[cutCount * 2 + 1] = end;
        cutCount++;
    }

    /** The line with each cut value replaced by its empty form. */
    private int splice(byte[] b, int from, int to) {
        if (out.length < to - from) {
            out = new byte[Math.max(to - from, out.length * 2)];
        }
        int n = 0;
        int kept = from;
        for (int k = 0; k < cutCount; k++) {
            int start = cuts[k * 2];
            System.arraycopy(b, kept, out, n, start - kept);
            n += start - kept;
            out[n++] = b[start];
            out[n++] = (byte) (b[start] == '[' ? ']' : '}');
            kept = cuts[k * 2 + 1];
        }
        System.arraycopy(b, kept, out, n, to - kept);
        return n + to - kept;
    }
}
