package io.sparkadvisor.bot.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusUtil;
import org.junit.jupiter.api.Test;

/** The shipped logback.xml: SPARK_ADVISOR_LOG_FORMAT picks text or JSON lines, on stderr, warnings and up. */
class LogbackConfigTest {
    @Test
    void textByDefault() throws JoranException {
        Logger root = configured(null);
        assertEquals(Level.WARN, root.getLevel());
        assertNotNull(root.getAppender("text"), "text lines unless told otherwise");
    }

    @Test
    void jsonLinesWhenAsked() throws JoranException {
        ConsoleAppender<?> json = (ConsoleAppender<?>) configured("json").getAppender("json");
        assertNotNull(json);
        assertInstanceOf(JsonLines.class, json.getEncoder());
        assertEquals("System.err", json.getTarget(), "stdout is the CLI's results");
    }

    @Test
    void configuringPrintsNothingOnStdout() throws JoranException {
        // Logback prints its status on stdout when a configuration warns and no status listener is set (the appender
        // not picked is such a warning); stdout is analyze's JSON.
        LoggerContext context = new LoggerContext();
        new ContextInitializer(context).autoConfig();
        assertNotNull(context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("text"), "the shipped logback.xml was read");
        assertTrue(StatusUtil.contextHasStatusListener(context) || new StatusUtil(context).getHighestLevel(0) < Status.WARN,
                "logback would print its status on stdout");
    }

    private static Logger configured(String format) throws JoranException {
        LoggerContext context = new LoggerContext();
        if (format != null) {
            context.putProperty("SPARK_ADVISOR_LOG_FORMAT", format); // what the environment variable sets
        }
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(LogbackConfigTest.class.getResource("/logback.xml"));
        return context.getLogger(Logger.ROOT_LOGGER_NAME);
    }
}
