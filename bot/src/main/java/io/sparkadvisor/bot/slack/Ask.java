package io.sparkadvisor.bot.slack;

/** One person asking about one run, from a slash command, a mention or a direct message. */
record Ask(String channel, String userId, String query) {}
