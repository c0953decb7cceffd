package io.sparkadvisor.bot.logs;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import io.sparkadvisor.knowledge.Redactor;

/**
 * {@code %redacted} in a text log pattern: the message and its stack trace, with every credential
 * (by key or by shape) masked, since a message or an exception may quote a URL or config with a token.
 */
public final class RedactedMessage extends ClassicConverter {
    @Override
    public String convert(ILoggingEvent event) {
        return Redactor.redact(LogEvents.messageWithStack(event));
    }
}
