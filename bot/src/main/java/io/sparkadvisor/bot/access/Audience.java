package io.sparkadvisor.bot.access;

/** Where an answer may go: the channel it was asked in, or only the person who asked (by DM). */
public enum Audience {
    CHANNEL,
    REQUESTER
}
