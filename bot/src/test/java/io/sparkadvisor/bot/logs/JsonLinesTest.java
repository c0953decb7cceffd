package io.sparkadvisor.bot.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A JSON log line: one object, the ask id from the MDC, the stack trace kept, credentials masked in message and stack. */
class JsonLinesTest {
    private static final String TOKEN = "dapi0123456789abcdef0123456789abcdef";

    @Test
    void oneObjectPerLineWithContextStackAndNoSecret() throws Exception {
        Logger logger = new LoggerContext().getLogger("io.sparkadvisor.bot.slack.AskService");
        LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, Level.WARN, "fetch with token {} failed",
                new IllegalStateException("GET https://adb.example/?token=" + TOKEN), new Object[] {TOKEN});
        event.setMDCPropertyMap(Map.of("ask", "3f9a1c2e"));
        String line = new String(new JsonLines().encode(event), StandardCharsets.UTF_8);

        assertTrue(line.endsWith("\n") && line.indexOf('\n') == line.length() - 1, "one line: " + line);
        JsonNode json = new ObjectMapper().readTree(line);
        assertEquals("WARN", json.get("level").asText());
        assertEquals("3f9a1c2e", json.get("ask").asText());
        assertTrue(json.get("stack").asText().contains("java.lang.IllegalStateException"), line);
        assertTrue(json.get("stack").asText().contains("at io.sparkadvisor.bot.logs.JsonLinesTest"), "the stack trace is kept: " + line);
        assertFalse(line.contains(TOKEN), line);
    }

    @Test
    void textLinesMaskTooAndKeepTheStack() {
        Logger logger = new LoggerContext().getLogger("x");
        LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, Level.WARN, "token " + TOKEN,
                new IllegalStateException("boom " + TOKEN), null);
        String text = new RedactedMessage().convert(event);
        assertFalse(text.contains(TOKEN), text);
        assertTrue(text.contains("IllegalStateException: boom") && text.contains("at io.sparkadvisor.bot.logs.JsonLinesTest"), text);
    }
}
