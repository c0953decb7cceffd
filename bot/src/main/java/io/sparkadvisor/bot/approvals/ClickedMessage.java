package io.sparkadvisor.bot.approvals;

import com.slack.api.app_backend.interactive_components.payload.BlockActionPayload;

/**
 * The message a button was clicked on, as Slack's payload says: its channel, its thread and its ts.
 * A button's value says what it acts on; this says whether that thing was posted there, so a value
 * lifted from one message and sent with another is refused.
 */
public record ClickedMessage(String channel, String threadTs, String messageTs) {
    public static ClickedMessage of(BlockActionPayload payload) {
        var container = payload.getContainer();
        String thread = container.getThreadTs() != null ? container.getThreadTs()
                : payload.getMessage() == null ? null : payload.getMessage().getThreadTs();
        return new ClickedMessage(container.getChannelId(), thread, container.getMessageTs());
    }

    /** Whether this is {@code postTs} in {@code postChannel}, or a later message of its thread {@code postThreadTs} (a next step, a verdict). */
    public boolean isOrFollows(String postChannel, String postThreadTs, String postTs) {
        return postChannel != null && postChannel.equals(channel)
                && (postTs != null && postTs.equals(messageTs) || postThreadTs != null && postThreadTs.equals(threadTs));
    }
}
