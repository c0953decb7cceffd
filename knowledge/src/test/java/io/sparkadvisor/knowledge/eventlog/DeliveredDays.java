package io.sparkadvisor.knowledge.eventlog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

/**
 * A running application's log as Databricks log delivery holds it after days, made from a real running log (the
 * corpus's {@code streaming/layouts/databricks-live}): its events re-timed, none invented.
 * <ul>
 * <li>the first rolled part, named when the application started ({@code runningFor} before {@code now}): the real log's
 * events before its first job (application start, environment, executors, the query's start);</li>
 * <li>hourly rolled parts for the days since (fillers): the real log's remaining events again and again, each copy
 * re-timed to follow the one before (their job, stage and batch ids repeat, so these parts are for not being read);</li>
 * <li>the window: the real remaining events once, re-timed to end two minutes before {@code now}, their first half in a
 * rolled part named {@code window} before {@code now} and their second half in the live {@code eventlog}.</li>
 * </ul>
 * The time fields shifted are the points in time the log has (event, submission, completion, launch, finish and
 * result times, SQL execution times, the application's start time in job properties, the streaming events' ISO
 * timestamps); durations stay as Spark measured them.
 */
public final class DeliveredDays {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> POINTS_IN_TIME = Set.of("Timestamp", "Submission Time", "Completion Time", "Launch Time",
            "Finish Time", "Getting Result Time", "time");
    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("yyyy-MM-dd--HH-mm").withZone(ZoneOffset.UTC);
    private static final Duration LAST_EVENT_BEFORE_NOW = Duration.ofMinutes(2);

    /** What was written: the parts in reading order, how many are fillers, and their bytes. */
    public record Layout(Path folder, List<Path> parts, int fillers, long fillerBytes, long windowBytes) {
    }

    private DeliveredDays() {
    }

    /** {@code copiesPerFiller}: how many copies of the real events each hourly filler holds (its weight). */
    public static Layout write(Path realLog, Path folder, Instant now, Duration runningFor, Duration window, int copiesPerFiller) {
        try {
            List<ObjectNode> events = read(realLog);
            int firstJob = indexOfFirstJob(events);
            List<ObjectNode> head = events.subList(0, firstJob);
            List<ObjectNode> body = events.subList(firstJob, events.size());
            long bodyStart = firstTime(body);
            long bodySpan = lastTime(body) - bodyStart + 1_000;
            Instant appStart = now.minus(runningFor);
            long headShift = appStart.toEpochMilli() - applicationStart(head);
            Files.createDirectories(folder);
            List<Path> parts = new ArrayList<>();
            parts.add(write(folder, rolledName(appStart), head, List.of(headShift), headShift));

            Instant windowPart = now.minus(window).truncatedTo(ChronoUnit.MINUTES);
            long fillerBytes = 0;
            int fillers = 0;
            for (Instant hour = appStart.truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(1)); hour.isBefore(windowPart);
                    hour = hour.plus(Duration.ofHours(1))) {
                List<Long> shifts = new ArrayList<>();
                for (int copy = 0; copy < copiesPerFiller; copy++) {
                    shifts.add(hour.toEpochMilli() - bodyStart + copy * bodySpan);
                }
                Path filler = write(folder, rolledName(hour), body, shifts, headShift);
                parts.add(filler);
                fillerBytes += Files.size(filler);
                fillers++;
            }
            long bodyShift = now.minus(LAST_EVENT_BEFORE_NOW).toEpochMilli() - lastTime(body);
            int half = body.size() / 2;
            Path rolled = write(folder, rolledName(windowPart), body.subList(0, half), List.of(bodyShift), headShift);
            Path live = write(folder, "eventlog", body.subList(half, body.size()), List.of(bodyShift), headShift);
            parts.add(rolled);
            parts.add(live);
            return new Layout(folder, parts, fillers, fillerBytes, Files.size(rolled) + Files.size(live));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String rolledName(Instant start) {
        return "eventlog-" + NAME.format(start) + ".gz";
    }

    /** The events as each copy shifts them, one after the other; gzipped unless it is the live {@code eventlog}. */
    private static Path write(Path folder, String name, List<ObjectNode> events, List<Long> shifts, long appShift) throws IOException {
        Path file = folder.resolve(name);
        try (OutputStream raw = Files.newOutputStream(file);
                OutputStream out = name.endsWith(".gz") ? new GZIPOutputStream(raw, 1 << 16) : raw;
                Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            for (long shift : shifts) {
                for (ObjectNode event : events) {
                    w.write(JSON.writeValueAsString(retimed(event.deepCopy(), shift, appShift)));
                    w.write('\n');
                }
            }
        }
        return file;
    }

    private static JsonNode retimed(JsonNode node, long shift, long appShift) {
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> field : object.properties()) {
                JsonNode value = field.getValue();
                String key = field.getKey();
                if (POINTS_IN_TIME.contains(key) && value.isIntegralNumber() && value.asLong() > 0) {
                    object.put(key, value.asLong() + shift);
                } else if (key.equals("timestamp") && value.isTextual()) {
                    object.set(key, TextNode.valueOf(Instant.parse(value.asText()).plusMillis(shift).toString()));
                } else if (key.equals("spark.app.startTime") && value.isTextual()) {
                    object.put(key, String.valueOf(Long.parseLong(value.asText()) + appShift));
                } else {
                    retimed(value, shift, appShift);
                }
            }
        } else if (node.isArray()) {
            node.forEach(element -> retimed(element, shift, appShift));
        }
        return node;
    }

    private static List<ObjectNode> read(Path realLog) throws IOException {
        List<ObjectNode> events = new ArrayList<>();
        for (LogPart part : LocalLogParts.of(realLog)) {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(Codec.sniffAndDecode(new java.io.BufferedInputStream(part.open()), part.name()), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (!line.isBlank()) {
                        events.add((ObjectNode) JSON.readTree(line));
                    }
                }
            }
        }
        return events;
    }

    private static int indexOfFirstJob(List<ObjectNode> events) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).path("Event").asText().equals("SparkListenerJobStart")) {
                return i;
            }
        }
        throw new IllegalArgumentException("the log runs no job: nothing to spread over days");
    }

    private static long applicationStart(List<ObjectNode> head) {
        return head.stream().filter(e -> e.path("Event").asText().equals("SparkListenerApplicationStart")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("the log has no application start")).path("Timestamp").asLong();
    }

    private static long firstTime(List<ObjectNode> events) {
        return events.stream().mapToLong(DeliveredDays::time).filter(t -> t > 0).findFirst().orElseThrow();
    }

    private static long lastTime(List<ObjectNode> events) {
        return events.stream().mapToLong(DeliveredDays::time).filter(t -> t > 0).max().orElseThrow();
    }

    /** An event's own time: its Timestamp, submission, SQL time or launch time. */
    private static long time(JsonNode event) {
        for (JsonNode t : List.of(event.path("Timestamp"), event.path("Submission Time"), event.path("time"),
                event.path("Task Info").path("Launch Time"))) {
            if (t.isIntegralNumber()) {
                return t.asLong();
            }
        }
        return -1;
    }
}
