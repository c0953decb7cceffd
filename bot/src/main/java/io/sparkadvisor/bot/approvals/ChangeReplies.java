package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.bot.access.SlackDirectory;
import io.sparkadvisor.bot.store.StoredRecommendation;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;

/**
 * Where the bot speaks about a change, and whom it asks who a clicker is: the Slack adapter in the bot, a
 * recording fake in a test. The decision is already recorded when these are sent, so a failed post does not undo it.
 */
public interface ChangeReplies {
    /** Who the clicker is in Databricks, and who is in the approver group. */
    SlackDirectory people();

    /** A reply only the clicker sees. */
    void whisper(Click click, SlackMessage message);

    default void whisper(Click click, String text) {
        whisper(click, SlackMessages.notice(text));
    }

    /** The clicked message, with new blocks. */
    void edit(Click click, String blocksJson);

    /** A note in the recommendation's thread, not broadcast to the channel. */
    void inThread(StoredRecommendation rec, SlackMessage message);
}
