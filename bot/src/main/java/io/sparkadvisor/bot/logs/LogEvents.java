package io.sparkadvisor.bot.logs;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;

/** What both log formats print of an event. */
final class LogEvents {
    private LogEvents() {}

    /** The message, then the stack trace of its throwable when it has one. */
    static String messageWithStack(ILoggingEvent event) {
        String message = event.getFormattedMessage();
        return event.getThrowableProxy() == null ? message
                : message + CoreConstants.LINE_SEPARATOR + ThrowableProxyUtil.asString(event.getThrowableProxy());
    }
}
