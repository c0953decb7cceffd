package io.sparkadvisor.bot.slack;

/** The text names no run the resolver can look for; the message says what to type instead. */
final class UnclearAskException extends RuntimeException {
    UnclearAskException(String message) {
        super(message);
    }
}
