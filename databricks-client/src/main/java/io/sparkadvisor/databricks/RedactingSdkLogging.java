package io.sparkadvisor.databricks;

import io.sparkadvisor.knowledge.Redactor;
import com.databricks.sdk.core.logging.ILoggerFactory;
import com.databricks.sdk.core.logging.Logger;
import com.databricks.sdk.core.logging.LoggerFactory;
import java.util.function.Supplier;
import org.slf4j.event.Level;
import org.slf4j.helpers.FormattingTuple;
import org.slf4j.helpers.MessageFormatter;

/**
 * Routes the SDK's log lines to SLF4J through {@link Redactor#redact}. Needed because at DEBUG the
 * SDK dumps response bodies and masks only a few keys, so the OAuth token endpoint's
 * {@code access_token} would be written in clear. Must be installed before the SDK's classes are
 * loaded (their loggers are static), which {@link WorkspaceClients} does.
 */
final class RedactingSdkLogging implements ILoggerFactory {
    private RedactingSdkLogging() {
    }

    static void install() {
        LoggerFactory.setDefault(new RedactingSdkLogging());
    }

    @Override
    public Logger getLogger(Class<?> type) {
        return new Redacting(org.slf4j.LoggerFactory.getLogger(type));
    }

    @Override
    public Logger getLogger(String name) {
        return new Redacting(org.slf4j.LoggerFactory.getLogger(name));
    }

    private static final class Redacting extends Logger {
        private final org.slf4j.Logger log;

        Redacting(org.slf4j.Logger log) {
            this.log = log;
        }

        private void write(Level level, Supplier<String> message, Throwable error) {
            if (log.isEnabledForLevel(level)) {
                log.atLevel(level).setCause(error).log(Redactor.redact(message.get()));
            }
        }

        private void write(Level level, String format, Object[] args) {
            if (log.isEnabledForLevel(level)) {
                FormattingTuple formatted = MessageFormatter.arrayFormat(format, args);
                write(level, formatted::getMessage, formatted.getThrowable());
            }
        }

        @Override
        public void debug(String msg) {
            write(Level.DEBUG, () -> msg, null);
        }

        @Override
        public void debug(String format, Object... args) {
            write(Level.DEBUG, format, args);
        }

        @Override
        public void debug(Supplier<String> msgSupplier) {
            write(Level.DEBUG, msgSupplier, null);
        }

        @Override
        public void info(String msg) {
            write(Level.INFO, () -> msg, null);
        }

        @Override
        public void info(String format, Object... args) {
            write(Level.INFO, format, args);
        }

        @Override
        public void info(Supplier<String> msgSupplier) {
            write(Level.INFO, msgSupplier, null);
        }

        @Override
        public void warn(String msg) {
            write(Level.WARN, () -> msg, null);
        }

        @Override
        public void warn(String format, Object... args) {
            write(Level.WARN, format, args);
        }

        @Override
        public void warn(Supplier<String> msgSupplier) {
            write(Level.WARN, msgSupplier, null);
        }

        @Override
        public void error(String msg) {
            write(Level.ERROR, () -> msg, null);
        }

        @Override
        public void error(String format, Object... args) {
            write(Level.ERROR, format, args);
        }

        @Override
        public void error(Supplier<String> msgSupplier) {
            write(Level.ERROR, msgSupplier, null);
        }
    }
}
