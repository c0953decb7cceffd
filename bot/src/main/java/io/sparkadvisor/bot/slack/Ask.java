package io.sparkadvisor.bot.slack;

import java.util.function.Consumer;

/**
 * One person asking about one run, from a slash command, a mention or a direct message.
 * {@code tellAsker} reaches the asker when the bot cannot post in the channel (a slash command's
 * response URL works where the bot is no member); it does nothing for mentions and DMs.
 */
record Ask(String channel, String userId, String query, Consumer<String> tellAsker) {
    Ask(String channel, String userId, String query) {
        this(channel, userId, query, text -> {});
    }
}
