package io.sparkadvisor.bot.slack;

/** A rendered PNG to upload into a thread. */
record Chart(String fileName, String title, byte[] png) {}
