package io.sparkadvisor.bot.store;

/**
 * How far the posting of a week's digest got: the parent message's ts (null before it is out) and
 * how many of the digest's messages are out, the parent included.
 */
public record Reached(String threadTs, int messages) {
    public static final Reached NOTHING = new Reached(null, 0);

    public boolean parentPosted() {
        return threadTs != null;
    }
}
