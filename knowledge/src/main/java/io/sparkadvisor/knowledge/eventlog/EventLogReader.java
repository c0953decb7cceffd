package io.sparkadvisor.knowledge.eventlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Streams a Spark event log (JSON lines, any codec, one or many parts) into an {@link EventSink},
 * one line at a time: memory does not grow with the log, only with its longest line. A last event
 * cut short (an application still running, a log still being written) ends the read and is
 * reported as truncated, not thrown. A corrupt line further up (damaged after it was written, or
 * edited by hand) is skipped and counted, with the first one's line number and reason. A part whose
 * first line is not an event is not an event log at all, and is an error.
 *
 * <p>A read runs in three stages on three threads, each handing the next a few batches ahead:
 * decoding and line splitting, skimming ({@link LineBatches}), and on the caller's thread Jackson and
 * the sink. The sink sees events in log order, as the facts need (a task end belongs to the stage
 * attempt whose submission came before it), so the parts of a rolling or delivered log are
 * downloaded, decoded and skimmed {@link #PARTS_AT_ONCE} at a time but folded one after the other.
 */
public final class EventLogReader {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory JSON = MAPPER.getFactory();
    private static final int REASON_CHARS = 160;
    /** spark-advisor's own choice: two parts' stages keep two cores busy; more would only hold more batches. */
    static final int PARTS_AT_ONCE = 2;

    private final EventSink sink;
    private final LongConsumer progress;
    private final TaskEnd task = new TaskEnd();
    private long events;
    private long partEvents;
    private long taskEnds;
    private long unknown;
    private long skipped;
    private long firstSkippedLine;
    private String firstSkippedReason = "";
    private long bytes;
    private long partsBefore;
    private long reported;

    private EventLogReader(EventSink sink, LongConsumer progress) {
        this.sink = sink;
        this.progress = progress;
    }

    public static ReadStats read(List<LogPart> parts, EventSink sink) {
        return read(parts, sink, b -> {});
    }

    /** Reads all parts in order; {@code progress} receives the raw (compressed) bytes read so far, about once a megabyte. */
    public static ReadStats read(List<LogPart> parts, EventSink sink, LongConsumer progress) {
        return read(parts, sink, progress, true, PARTS_AT_ONCE);
    }

    /**
     * {@code skim} false: every line whole through Jackson; {@code partsAtOnce} 1: one part after the
     * other; for tests that compare them.
     */
    static ReadStats read(List<LogPart> parts, EventSink sink, LongConsumer progress, boolean skim, int partsAtOnce) {
        if (parts.isEmpty()) {
            throw new EventLogException("no event log files given");
        }
        EventLogReader reader = new EventLogReader(sink, progress);
        boolean truncated = false;
        try (LineBatches batches = new LineBatches(parts, skim, partsAtOnce)) {
            for (LogPart part : parts) {
                truncated |= reader.readPart(part, batches);
            }
        } catch (IOException e) {
            throw new EventLogException("reading " + parts.get(0).name() + " was interrupted", e);
        }
        if (reader.events == 0) {
            throw new EventLogException(parts.get(0).name() + " holds no events: the file is empty; pass a log the"
                    + " application has written to");
        }
        return new ReadStats(reader.events, reader.taskEnds, reader.unknown, reader.skipped, reader.firstSkippedLine,
                reader.firstSkippedReason, truncated, reader.bytes);
    }

    /** @return whether the part ended in the middle of an event */
    private boolean readPart(LogPart part, LineBatches batches) throws IOException {
        partEvents = 0;
        long failedLine = 0;
        String failure = null;
        boolean partEnd;
        boolean cut;
        do {
            LineBatch batch = batches.next();
            for (int line = 0; line < batch.count; line++) {
                if (failure != null) { // a failed line with more lines after it: corrupt, not cut
                    skip(part, failedLine, failure);
                }
                failure = batch.junk[line] ? "not a JSON object" : readEvent(batch, line);
                failedLine = batch.numbers[line];
            }
            progress(partsBefore + batch.rawBytes);
            partEnd = batch.partEnd;
            cut = batch.cut;
            batches.recycle(batch);
        } while (!partEnd);
        partsBefore = bytes;
        if (failure != null && partEvents == 0) {
            throw notAnEventLog(part);
        }
        return failure != null || cut;
    }

    private void progress(long rawBytes) {
        bytes = rawBytes;
        if (bytes - reported >= (1 << 20)) {
            reported = bytes;
            progress.accept(bytes);
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
     * Parses one line, skimmed when it was, and hands its event on; @return null when it was an
     * event, else why it is not one. A skimmed line that does not parse is parsed again as it was, so
     * that a corrupt line is judged by the full parser.
     */
    private String readEvent(LineBatch batch, int line) throws IOException {
        int offset = batch.offsets[line];
        int length = batch.lengths[line];
        int skimmed = batch.skimmedLengths[line];
        if (skimmed == LineSkimmer.SKIPPED_EVENT || skimmed == LineSkimmer.UNKNOWN_EVENT) {
            counted(); // a valid event of a type the reader skips: all that parsing it would do
            if (skimmed == LineSkimmer.UNKNOWN_EVENT) {
                unknown++;
            }
            return null;
        }
        if (skimmed == LineSkimmer.TASK_END_READ) {
            taskEnd(batch.tasks[line]);
            return null;
        }
        if (skimmed >= 0 && parseEvent(batch.skimmed, batch.skimmedOffsets[line], skimmed) == null) {
            return null;
        }
        return parseEvent(batch.bytes, offset, length);
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
                taskEnd(task);
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

    private void taskEnd(TaskEnd read) {
        counted();
        taskEnds++;
        sink.onTaskEnd(read);
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
}
