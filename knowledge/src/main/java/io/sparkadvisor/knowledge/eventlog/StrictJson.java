package io.sparkadvisor.knowledge.eventlog;

/**
 * Checks that bytes hold one JSON value that Jackson's parser, as the reader configures it, would
 * accept: RFC 8259 without extensions, valid UTF-8, and well inside Jackson's read limits (nesting,
 * number and name lengths). It is stricter than Jackson where that is simpler (overlong UTF-8,
 * encoded surrogates, long strings): a value it refuses is simply left for Jackson to read. The
 * {@link LineSkimmer} cuts only values that pass, so a damaged value still fails its line.
 */
final class StrictJson {
    /** Far below Jackson's 1,000 nesting levels, 1,000-digit numbers and 50,000-character names. */
    private static final int MAX_DEPTH = 64;
    private static final int MAX_NUMBER_BYTES = 100;
    private static final int MAX_STRING_BYTES = 10_000;
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private StrictJson() {}

    /** @return the index after the value that starts at {@code i}, or -1 when it is not one strict JSON value before {@code to} */
    static int valueEnd(byte[] b, int i, int to) {
        return value(b, i, to, 0);
    }

    private static int value(byte[] b, int i, int to, int depth) {
        if (i < 0 || i >= to) {
            return -1;
        }
        return switch (b[i]) {
            case '{' -> depth < MAX_DEPTH ? object(b, i + 1, to, depth + 1) : -1;
            case '[' -> depth < MAX_DEPTH ? array(b, i + 1, to, depth + 1) : -1;
            case '"' -> string(b, i + 1, to);
            case 't' -> literal(b, i, to, TRUE);
            case 'f' -> literal(b, i, to, FALSE);
            case 'n' -> literal(b, i, to, NULL);
            default -> number(b, i, to);
        };
    }

    private static int object(byte[] b, int i, int to, int depth) {
        i = ws(b, i, to);
        if (i < to && b[i] == '}') {
            return i + 1;
        }
        while (true) {
            if (i >= to || b[i] != '"') {
                return -1;
            }
            i = ws(b, string(b, i + 1, to), to);
            if (i < 0 || i >= to || b[i] != ':') {
                return -1;
            }
            i = separator(b, value(b, ws(b, i + 1, to), to, depth), to, '}');
            if (i < 0 || b[i] == '}') {
                return i < 0 ? -1 : i + 1;
            }
            i = ws(b, i + 1, to);
        }
    }

    private static int array(byte[] b, int i, int to, int depth) {
        i = ws(b, i, to);
        if (i < to && b[i] == ']') {
            return i + 1;
        }
        while (true) {
            i = separator(b, value(b, i, to, depth), to, ']');
            if (i < 0 || b[i] == ']') {
                return i < 0 ? -1 : i + 1;
            }
            i = ws(b, i + 1, to);
        }
    }

    /** After a member or element, past white space: the index of the ',' or of {@code close}, or -1. */
    static int separator(byte[] b, int i, int to, char close) {
        i = ws(b, i, to);
        return i >= 0 && i < to && (b[i] == ',' || b[i] == close) ? i : -1;
    }

    /** {@code i} is just after the opening quote; @return the index after the closing one. */
    private static int string(byte[] b, int i, int to) {
        return string(b, i, to, true);
    }

    /** {@code i} is just after the opening quote; @return the index of the closing one of a strict string without escapes, or -1. */
    static int plainStringEnd(byte[] b, int i, int to) {
        int end = string(b, i, to, false);
        return end < 0 ? -1 : end - 1;
    }

    private static int string(byte[] b, int i, int to, boolean escapes) {
        if (i < 0) {
            return -1;
        }
        int limit = Math.min(to, i + MAX_STRING_BYTES);
        while ((i = ByteScan.toSpecial(b, i, limit)) < limit) {
            int c = b[i] & 0xff;
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\') {
                i = escapes ? escape(b, i + 1, limit) : -1;
            } else if (c < 0x20) {
                return -1;
            } else {
                i = utf8(b, i, c, limit);
            }
            if (i < 0) {
                return -1;
            }
        }
        return -1;
    }

    private static int escape(byte[] b, int i, int to) {
        if (i >= to) {
            return -1;
        }
        return switch (b[i]) {
            case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> i + 1;
            case 'u' -> i + 5 <= to && hex(b[i + 1]) && hex(b[i + 2]) && hex(b[i + 3]) && hex(b[i + 4]) ? i + 5 : -1;
            default -> -1;
        };
    }

    private static boolean hex(byte c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    /** A well-formed UTF-8 sequence (no overlong forms, surrogates or code points above U+10FFFF). */
    private static int utf8(byte[] b, int i, int lead, int to) {
        int n;
        int min = 0x80;
        int max = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            n = 1;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            n = 2;
            min = lead == 0xE0 ? 0xA0 : 0x80;
            max = lead == 0xED ? 0x9F : 0xBF;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            n = 3;
            min = lead == 0xF0 ? 0x90 : 0x80;
            max = lead == 0xF4 ? 0x8F : 0xBF;
        } else {
            return -1;
        }
        if (i + n >= to) {
            return -1;
        }
        int second = b[i + 1] & 0xff;
        if (second < min || second > max) {
            return -1;
        }
        for (int k = 2; k <= n; k++) {
            if ((b[i + k] & 0xC0) != 0x80) {
                return -1;
            }
        }
        return i + n + 1;
    }

    private static int literal(byte[] b, int i, int to, byte[] word) {
        if (i + word.length > to) {
            return -1;
        }
        for (int k = 1; k < word.length; k++) {
            if (b[i + k] != word[k]) {
                return -1;
            }
        }
        return delimited(b, i + word.length, to);
    }

    /** -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
    private static int number(byte[] b, int i, int to) {
        int start = i;
        if (i < to && b[i] == '-') {
            i++;
        }
        if (i < to && b[i] == '0') {
            i++;
        } else {
            int d = digits(b, i, to);
            if (d == i) {
                return -1;
            }
            i = d;
        }
        if (i < to && b[i] == '.') {
            int d = digits(b, i + 1, to);
            if (d == i + 1) {
                return -1;
            }
            i = d;
        }
        if (i < to && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < to && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            int d = digits(b, i, to);
            if (d == i) {
                return -1;
            }
            i = d;
        }
        return i - start > MAX_NUMBER_BYTES ? -1 : delimited(b, i, to);
    }

    private static int digits(byte[] b, int i, int to) {
        while (i < to && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i;
    }

    /** A scalar must be followed by white space or a separator, as Jackson requires of literals and numbers. */
    private static int delimited(byte[] b, int i, int to) {
        if (i >= to) {
            return -1;
        }
        byte c = b[i];
        return c == ',' || c == ']' || c == '}' || isSpace(c) ? i : -1;
    }

    static boolean isSpace(byte c) {
        return c <= ' ' && (c == ' ' || c == '\t' || c == '\r' || c == '\n');
    }

    /** Skips JSON white space; -1 stays -1. */
    static int ws(byte[] b, int i, int to) {
        if (i < 0) {
            return -1;
        }
        while (i < to && b[i] <= ' ' && isSpace(b[i])) {
            i++;
        }
        return i;
    }
}
