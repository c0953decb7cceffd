package io.sparkadvisor.knowledge.eventlog;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Streams a Spark event log (JSON lines, any codec, one or many parts) into an {@link EventSink}
 * with one token parser per part: memory does not grow with the log. A last event cut short (an
 * application still running, a log still being written) ends the read and is reported, not thrown.
 */
public final class EventLogReader {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int BUFFER = 1 << 16;

    private final EventSink sink;
    private final LongConsumer progress;
    private final TaskEnd task = new TaskEnd();
    private long events;
    private long taskEnds;
    private long unknown;
    private long bytes;

    private EventLogReader(EventSink sink, LongConsumer progress) {
        this.sink = sink;
        this.progress = progress;
    }

    public static ReadStats read(List<LogPart> parts, EventSink sink) {
        return read(parts, sink, b -> {});
    }

    /** Reads all parts in order; {@code progress} receives the raw (compressed) bytes read so far, about once a megabyte. */
    public static ReadStats read(List<LogPart> parts, EventSink sink, LongConsumer progress) {
        if (parts.isEmpty()) {
            throw new EventLogException("no event log files given");
        }
        EventLogReader reader = new EventLogReader(sink, progress);
        boolean truncated = false;
        for (LogPart part : parts) {
            truncated |= reader.readPart(part);
        }
        if (reader.events == 0) {
            throw new EventLogException(parts.get(0).name() + " holds no events: the file is empty; pass a log the"
                    + " application has written to");
        }
        return new ReadStats(reader.events, reader.taskEnds, reader.unknown, truncated, reader.bytes);
    }

    /** @return whether the part ended in the middle of an event */
    private boolean readPart(LogPart part) {
        long eventsBefore = events;
        try (InputStream raw = new Counting(part.open());
                InputStream decoded = Codec.sniffAndDecode(new BufferedInputStream(raw, BUFFER), part.name());
                JsonParser p = MAPPER.getFactory().createParser(decoded)) {
            try {
                JsonToken token;
                while ((token = p.nextToken()) != null) {
                    readEvent(p, token, part);
                }
                return false;
            } catch (JsonEOFException | EOFException e) {
                return markTruncated(part, eventsBefore);
            } catch (JsonProcessingException e) {
                if (events == 0) {
                    throw notAnEventLog(part);
                }
                if (isLastLine(p, decoded)) {
                    return markTruncated(part, eventsBefore);
                }
                throw new EventLogException(part.name() + " has a corrupt event at line "
                        + e.getLocation().getLineNr() + " (" + e.getOriginalMessage() + "); the log was damaged"
                        + " after it was written, so restore it or analyse the parts before it");
            }
        } catch (IOException e) {
            throw new EventLogException("cannot read " + part.name() + ": " + e.getMessage()
                    + "; check that it is a Spark event log (plain, .gz, .zstd, .lz4 or .snappy)", e);
        }
    }

    private boolean markTruncated(LogPart part, long eventsBefore) {
        if (events == eventsBefore && events == 0) {
            throw notAnEventLog(part);
        }
        return true;
    }

    private void readEvent(JsonParser p, JsonToken token, LogPart part) throws IOException {
        if (token != JsonToken.START_OBJECT || !"Event".equals(p.nextFieldName())) {
            if (events == 0) {
                throw notAnEventLog(part);
            }
            throw new JsonEOFException(p, token, "an event without an Event field");
        }
        String type = p.nextTextValue();
        events++;
        if (EventTypes.TASK_END.equals(type)) {
            TaskEndParser.parse(p, task);
            taskEnds++;
            sink.onTaskEnd(task);
        } else if (EventTypes.USED.contains(type)) {
            sink.onEvent(type, remainingFields(p));
        } else {
            if (!EventTypes.IGNORED.contains(type)) {
                unknown++;
            }
            skipRest(p);
        }
    }

    private static ObjectNode remainingFields(JsonParser p) throws IOException {
        ObjectNode node = MAPPER.createObjectNode();
        String field;
        while ((field = p.nextFieldName()) != null) {
            p.nextToken();
            node.set(field, MAPPER.readTree(p));
        }
        return node;
    }

    private static void skipRest(JsonParser p) throws IOException {
        while (p.nextFieldName() != null) {
            p.nextToken();
            p.skipChildren();
        }
    }

    /** True when nothing but whitespace without a line break follows the failure point: the last line was cut off. */
    private static boolean isLastLine(JsonParser p, InputStream rest) throws IOException {
        ByteArrayOutputStream buffered = new ByteArrayOutputStream();
        p.releaseBuffered(buffered);
        if (containsNewlineBeforeData(buffered.toByteArray())) {
            return false;
        }
        byte[] chunk = new byte[BUFFER];
        int n;
        while ((n = rest.read(chunk)) > 0) {
            if (containsNewlineBeforeData(java.util.Arrays.copyOf(chunk, n))) {
                return false;
            }
        }
        return true;
    }

    private static boolean containsNewlineBeforeData(byte[] bytes) {
        boolean newline = false;
        for (byte b : bytes) {
            if (b == '\n') {
                newline = true;
            } else if (newline && !Character.isWhitespace(b)) {
                return true;
            }
        }
        return false;
    }

    private static EventLogException notAnEventLog(LogPart part) {
        return new EventLogException(part.name() + " is not a Spark event log: it does not start with a JSON event"
                + " line ({\"Event\":...}); pass the file Spark wrote under spark.eventLog.dir or the cluster's"
                + " eventlog folder");
    }

    /** Counts raw bytes for progress reports. */
    private final class Counting extends FilterInputStream {
        private long reported;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                add(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, len);
            if (n > 0) {
                add(n);
            }
            return n;
        }

        private void add(long n) {
            bytes += n;
            if (bytes - reported >= (1 << 20)) {
                reported = bytes;
                progress.accept(bytes);
            }
        }
    }
}
