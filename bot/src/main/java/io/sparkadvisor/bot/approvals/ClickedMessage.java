package io.sparkadvisor.bot.approvals;

/**
 * The message a button was clicked on: its channel, its thread and its ts. A button's value says what it
 * acts on; this says whether that thing was posted there, so a value lifted from one message and sent with
 * another is refused.
 */
public record ClickedMessage(String channel, String threadTs, String messageTs) {
    /** Whether this is {@code postTs} in {@code postChannel}, or a later message of its thread {@code postThreadTs} (a next step, a verdict). */
    public boolean isOrFollows(String postChannel, String postThreadTs, String postTs) {
        return postChannel != null && postChannel.equals(channel)
                && (postTs != null && postTs.equals(messageTs) || postThreadTs != null && postThreadTs.equals(threadTs));
    }
}
