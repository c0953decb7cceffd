package io.sparkadvisor.templates;

import java.io.Writer;

/**
 * Collects a rendered template and follows the template's own text to tell where the next value
 * lands: inside a code span (an odd number of backticks so far) or not. In Block Kit JSON the count
 * restarts with each JSON string, since each string is a text of its own; values are escaped
 * already and never move it (a value's backticks are paired or swapped, see {@link Markup}).
 */
final class SlackTextWriter extends Writer {
    private final StringBuilder out = new StringBuilder();
    private final boolean json;
    private boolean inString;
    private boolean escaped;
    private int backticks;

    SlackTextWriter(boolean json) {
        this.json = json;
    }

    boolean inCode() {
        return backticks % 2 == 1;
    }

    @Override
    public void write(char[] text, int off, int len) {
        for (int i = off; i < off + len; i++) {
            follow(text[i]);
        }
        out.append(text, off, len);
    }

    private void follow(char c) {
        if (!json) {
            backticks += c == '`' ? 1 : 0;
        } else if (escaped) {
            escaped = false;
        } else if (c == '"') {
            inString = !inString;
            backticks = 0;
        } else if (inString && c == '\\') {
            escaped = true;
        } else if (inString && c == '`') {
            backticks++;
        }
    }

    @Override
    public void flush() {
        // all in memory
    }

    @Override
    public void close() {
        // all in memory
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
