package io.sparkadvisor.bot.chart;

/** A rendered PNG to upload into a thread. */
public record Chart(String fileName, String title, byte[] png) {}
