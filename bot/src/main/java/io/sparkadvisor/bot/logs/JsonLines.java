package io.sparkadvisor.bot.logs;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.encoder.EncoderBase;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.knowledge.Redactor;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * One JSON object per log line, for a log collector: time, level, logger, thread, the MDC context
 * (the ask or change id), the message and the stack trace, credentials masked in both.
 */
public final class JsonLines extends EncoderBase<ILoggingEvent> {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] NOTHING = new byte[0];

    @Override
    public byte[] encode(ILoggingEvent event) {
        ObjectNode line = JSON.createObjectNode()
                .put("time", Instant.ofEpochMilli(event.getTimeStamp()).toString())
                .put("level", event.getLevel().toString())
                .put("logger", event.getLoggerName())
                .put("thread", event.getThreadName());
        event.getMDCPropertyMap().forEach(line::put);
        line.put("message", Redactor.redact(event.getFormattedMessage()));
        if (event.getThrowableProxy() != null) {
            line.put("stack", Redactor.redact(ThrowableProxyUtil.asString(event.getThrowableProxy())));
        }
        try {
            return (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a log line cannot be written as JSON", e);
        }
    }

    @Override
    public byte[] headerBytes() {
        return NOTHING;
    }

    @Override
    public byte[] footerBytes() {
        return NOTHING;
    }
}
