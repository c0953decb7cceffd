package io.sparkadvisor.knowledge.eventlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Streams a Spark event log (JSON lines, any codec, one or many parts) into an {@link EventSink},
 * one line at a time: memory does not grow with the log, only with its longest line. A last event
 * cut short (an application still running, a log still being written) ends the read and is
 * reported as truncated, not thrown. A corrupt line further up (damaged after it was written, or
 * edited by hand) is skipped and counted, with the first one's line number and reason. A part whose
 * first line is not an event is not an event log at all, and is an error.
 */
public final class EventLogReader {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory JSON = MAPPER.getFactory();
    private static final int BUFFER = 1 << 16;
    private static final int REASON_CHARS = 160;

    private final EventSink sink;
    private final LongConsumer progress;
    private final TaskEnd task = new TaskEnd();
    /** Null when every line goes to Jackson whole (the full parser the skimmer is tested against). */
    private final LineSkimmer skimmer;
    private long events;
    private long partEvents;
    private long taskEnds;
    private long unknown;
    private long skipped;
    private long firstSkippedLine;
    private String firstSkippedReason = "";
    private long bytes;

    private EventLogReader(EventSink sink, LongConsumer progress, boolean skim) {
        this.sink = sink;
        this.progress = progress;
        this.skimmer = skim ? new LineSkimmer() : null;
    }

    public static ReadStats read(List<LogPart> parts, EventSink sink) {
        return read(parts, sink, b -> {});
    }

    /** Reads all parts in order; {@code progress} receives the raw (compressed) bytes read so far, about once a megabyte. */
    public static ReadStats read(List<LogPart> parts, EventSink sink, LongConsumer progress) {
        return read(parts, sink, progress, true);
    }

    /** {@code skim} false: every line whole through Jackson, for tests that compare the two. */
    static ReadStats read(List<LogPart> parts, EventSink sink, LongConsumer progress, boolean skim) {
        if (parts.isEmpty()) {
            throw new EventLogException("no event log files given");
        }
        EventLogReader reader = new EventLogReader(sink, progress, skim);
        boolean truncated = false;
        for (LogPart part : parts) {
            truncated |= reader.readPart(part);
        }
        if (reader.events == 0) {
            throw new EventLogException(parts.get(0).name() + " holds no events: the file is empty; pass a log the"
                    + " application has written to");
        }
        return new ReadStats(reader.events, reader.taskEnds, reader.unknown, reader.skipped, reader.firstSkippedLine,
                reader.firstSkippedReason, truncated, reader.bytes);
    }

    /** @return whether the part ended in the middle of an event */
    private boolean readPart(LogPart part) {
        partEvents = 0;
        try (InputStream raw = new Counting(part.open());
                InputStream decoded = Codec.sniffAndDecode(new BufferedInputStream(raw, BUFFER), part.name())) {
            Lines lines = new Lines(decoded);
            long failedLine = 0;
            String failure = null;
            while (lines.next()) {
                if (lines.blank()) {
                    continue;
                }
                if (failure != null) { // a failed line with more lines after it: corrupt, not cut
                    skip(part, failedLine, failure);
                    failure = null;
                }
                failure = lines.junk ? "not a JSON object" : readEvent(lines.buf, lines.start, lines.len);
                failedLine = lines.number;
            }
            if (failure != null && partEvents == 0) {
                throw notAnEventLog(part);
            }
            return failure != null || lines.cut;
        } catch (IOException e) {
            throw new EventLogException("cannot read " + part.name() + ": " + e.getMessage()
                    + "; check that it is a Spark event log (plain, .gz, .zstd, .lz4 or .snappy)", e);
        }
    }

    private void skip(LogPart part, long line, String reason) {
        if (partEvents == 0) {
            throw notAnEventLog(part);
        }
        if (skipped++ == 0) {
            firstSkippedLine = line;
            firstSkippedReason = part.name() + ": " + reason;
        }
    }

    /**
     * Parses one line, skimmed when it can be, and hands its event on; @return null when it was an
     * event, else why it is not one. A skimmed line that does not parse is parsed again as it was, so
     * that a corrupt line is judged by the full parser.
     */
    private String readEvent(byte[] buf, int offset, int length) throws IOException {
        int skimmed = skimmer == null ? -1 : skimmer.skim(buf, offset, offset + length);
        if (skimmed >= 0 && parseEvent(skimmer.out(), 0, skimmed) == null) {
            return null;
        }
        return parseEvent(buf, offset, length);
    }

    private String parseEvent(byte[] buf, int offset, int length) throws IOException {
        try (JsonParser p = JSON.createParser(buf, offset, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT || !"Event".equals(p.nextFieldName())) {
                return "not a JSON event ({\"Event\":...})";
            }
            String type = p.nextTextValue();
            if (type == null) {
                return "its Event field is not a string";
            }
            if (EventTypes.TASK_END.equals(type)) {
                TaskEndParser.parse(p, task);
                if (p.nextToken() != null) {
                    return "more after the event's end";
                }
                counted();
                taskEnds++;
                sink.onTaskEnd(task);
            } else if (EventTypes.USED.contains(type)) {
                ObjectNode event = remainingFields(p);
                if (p.nextToken() != null) {
                    return "more after the event's end";
                }
                counted();
                sink.onEvent(type, event);
            } else {
                skipRest(p);
                if (p.nextToken() != null) {
                    return "more after the event's end";
                }
                counted();
                if (!EventTypes.isIgnored(type)) {
                    unknown++;
                }
            }
            return null;
        } catch (JsonProcessingException e) {
            return oneLine(e.getOriginalMessage());
        }
    }

    private void counted() {
        events++;
        partEvents++;
    }

    private static String oneLine(String message) {
        String m = message == null ? "unreadable JSON" : message.replaceAll("\\s+", " ").strip();
        return m.length() > REASON_CHARS ? m.substring(0, REASON_CHARS) + "…" : m;
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

    private static EventLogException notAnEventLog(LogPart part) {
        return new EventLogException(part.name() + " is not a Spark event log: it does not start with a JSON event"
                + " line ({\"Event\":...}); pass the file Spark wrote under spark.eventLog.dir or the cluster's"
                + " eventlog folder");
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }

    /**
     * The lines of a decoded stream, each a slice of one reused buffer (grown only for a longer
     * line). A line that does not start with '{' is marked junk and its bytes are dropped as they
     * arrive, so binary data without line breaks costs no memory. A stream cut short (a compressed
     * part whose end is missing) ends with the partial line, marked cut.
     */
    private static final class Lines {
        private final InputStream in;
        byte[] buf = new byte[BUFFER];
        int start;
        int len;
        long number;
        boolean junk;
        boolean cut;
        private int next;
        private int end;
        private boolean eof;

        Lines(InputStream in) {
            this.in = in;
        }

        boolean next() throws IOException {
            start = next;
            junk = false;
            int scan = start;
            while (true) {
                for (int i = scan; i < end; i++) {
                    if (buf[i] == '\n') {
                        return line(i, i + 1);
                    }
                }
                if (eof) {
                    return (end > start || junk) && line(end, end);
                }
                if (!junk) {
                    int first = firstNonSpace(start, end);
                    junk = first >= 0 && buf[first] != '{';
                }
                if (junk) { // keep nothing of a line that is no event
                    start = 0;
                    end = 0;
                } else if (start > 0) {
                    System.arraycopy(buf, start, buf, 0, end - start);
                    end -= start;
                    start = 0;
                } else if (end == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2);
                }
                scan = end;
                int n;
                try {
                    n = in.read(buf, end, buf.length - end);
                } catch (EOFException e) {
                    cut = true;
                    n = -1;
                }
                if (n < 0) {
                    eof = true;
                } else {
                    end += n;
                }
            }
        }

        private boolean line(int lineEnd, int nextStart) {
            number++;
            len = lineEnd - start;
            next = nextStart;
            if (!junk) {
                int first = firstNonSpace(start, lineEnd);
                junk = first >= 0 && buf[first] != '{';
            }
            return true;
        }

        private int firstNonSpace(int from, int to) {
            for (int i = from; i < to; i++) {
                if (!isSpace(buf[i])) {
                    return i;
                }
            }
            return -1;
        }

        boolean blank() {
            if (junk) {
                return false;
            }
            for (int i = start; i < start + len; i++) {
                if (!isSpace(buf[i])) {
                    return false;
                }
            }
            return true;
        }
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
