package io.sparkadvisor.templates;

import java.io.Writer;

/**
 * Collects a rendered template and follows the template's own text to tell where the next value
 * lands ({@link #place()}): in a {@code ```} block, in a {@code `} span, or in text. In Block Kit
 * JSON this restarts with each JSON string, each a text of its own. A value's backticks leave the
 * count as it was: {@link Markup} pairs or swaps them.
 */
final class SlackTextWriter extends Writer {
    private final StringBuilder out = new StringBuilder();
    private final boolean json;
    private boolean inString;
    private boolean escaped;
    private boolean inBlock;
    private boolean inSpan;
    /** Backticks in a row not yet read as a fence or as spans. */
    private int run;

    SlackTextWriter(boolean json) {
        this.json = json;
    }

    Markup.Place place() {
        settle();
        return inBlock ? Markup.Place.CODE_BLOCK : inSpan ? Markup.Place.CODE_SPAN : Markup.Place.TEXT;
    }

    @Override
    public void write(char[] text, int off, int len) {
        for (int i = off; i < off + len; i++) {
            follow(text[i]);
        }
        out.append(text, off, len);
    }

    private void follow(char c) {
        if (json && !inString) {
            if (c == '"') {
                inString = true;
                inBlock = inSpan = false;
                run = 0;
            }
        } else if (escaped) {
            escaped = false;
        } else if (c == '`') {
            run++;
        } else {
            settle();
            if (json && c == '\\') {
                escaped = true;
            } else if (json && c == '"') {
                inString = false;
            }
        }
    }

    /** Three backticks open or close a block (outside a span); fewer, outside a block, each open or close a span. */
    private void settle() {
        for (; run >= 3 && !inSpan; run -= 3) {
            inBlock = !inBlock;
        }
        if (!inBlock && run % 2 == 1) {
            inSpan = !inSpan;
        }
        run = 0;
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
