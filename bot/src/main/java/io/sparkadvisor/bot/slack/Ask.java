package io.sparkadvisor.bot.slack;

import java.util.function.Consumer;

/**
 * One person asking about one run, from a slash command, a mention or a direct message.
 * {@code tellAsker} reaches the asker alone when the thread cannot say it: a slash command's
 * response URL (which works where the bot is no member), else an ephemeral message.
 */
record Ask(String channel, String userId, String query, Consumer<String> tellAsker) {}
