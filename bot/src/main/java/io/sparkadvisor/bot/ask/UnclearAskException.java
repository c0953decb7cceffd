package io.sparkadvisor.bot.ask;

/** The text names no run the resolver can look for; the message says what to type instead. */
public final class UnclearAskException extends RuntimeException {
    public UnclearAskException(String message) {
        super(message);
    }
}
