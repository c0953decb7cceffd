package io.sparkadvisor.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * Writes a long streaming event log from a real one (plain or .gz): the real log's events before its first micro-batch
 * (application start, environment, executors, the query's start), then its micro-batches replayed in turn until
 * {@code BATCHES} progress events are written, then what followed its last batch (the query's and the application's
 * end). A micro-batch is everything from the end of the previous progress event to its own: its SQL executions, jobs,
 * stages, tasks and metric updates, so the reader sees the work of every batch as Spark wrote it. Each pass over the real
 * batches advances the ids (jobs, stages, tasks, SQL executions, accumulators, batch ids, also in Spark's description of
 * a batch's SQL execution) past the real log's largest and the times by the real batches' span.
 *
 * <pre>java -cp ... io.sparkadvisor.bench.StreamingLog REAL_LOG OUT_LOG [BATCHES, 100000]</pre>
 */
public final class StreamingLog {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROGRESS = "org.apache.spark.sql.streaming.StreamingQueryListener$QueryProgressEvent";

    private enum Id { JOB, STAGE, TASK, EXECUTION, ACCUMULATOR, BATCH }

    private static final Map<String, Id> ID_FIELDS = Map.of("Job ID", Id.JOB, "Stage ID", Id.STAGE, "Task ID", Id.TASK,
            "executionId", Id.EXECUTION, "rootExecutionId", Id.EXECUTION, "ID", Id.ACCUMULATOR, "accumulatorId",
            Id.ACCUMULATOR, "batchId", Id.BATCH);
    private static final Map<String, Id> ID_PROPERTIES = Map.of("spark.sql.execution.id", Id.EXECUTION,
            "spark.sql.execution.root.id", Id.EXECUTION, "streaming.sql.batchId", Id.BATCH);
    private static final List<String> TIME_FIELDS = List.of("Submission Time", "Completion Time", "Launch Time",
            "Finish Time", "Getting Result Time", "time", "Timestamp");

    private static final Pattern BATCH_LINE = Pattern.compile("\nbatch = (\\d+)$");

    private StreamingLog() {
    }

    public static void main(String[] args) throws IOException {
        Path real = Path.of(args[0]);
        Path out = Path.of(args[1]);
        long batches = args.length > 2 ? Long.parseLong(args[2]) : 100_000;
        List<String> head = new ArrayList<>();
        List<List<ObjectNode>> blocks = new ArrayList<>();
        List<ObjectNode> open = new ArrayList<>();
        Map<Id, Long> largest = new EnumMap<>(Id.class);
        long[] times = {Long.MAX_VALUE, Long.MIN_VALUE};
        try (BufferedReader in = reader(real)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                ObjectNode e = (ObjectNode) JSON.readTree(line);
                String type = e.path("Event").asText();
                if (blocks.isEmpty() && open.isEmpty() && !batchWork(type)) {
                    head.add(line);
                    continue;
                }
                measure(e, largest, times);
                open.add(e);
                if (type.equals(PROGRESS)) {
                    blocks.add(open);
                    open = new ArrayList<>();
                }
            }
        }
        if (blocks.isEmpty()) {
            throw new IllegalArgumentException(real + " has no QueryProgressEvent to replay");
        }
        long spanMs = times[1] - times[0] + 1000;
        try (BufferedWriter w = Files.newBufferedWriter(out)) {
            for (String line : head) {
                w.write(line);
                w.newLine();
            }
            for (long i = 0; i < batches; i++) {
                long round = i / blocks.size();
                for (ObjectNode e : blocks.get((int) (i % blocks.size()))) {
                    w.write(JSON.writeValueAsString(shifted(e, round, largest, spanMs)));
                    w.newLine();
                }
            }
            long round = (batches + blocks.size() - 1) / blocks.size();
            for (ObjectNode e : open) { // after the last batch: the query's and the application's end
                w.write(JSON.writeValueAsString(shifted(e, round, largest, spanMs)));
                w.newLine();
            }
        }
        System.out.printf("%s: %,d micro-batches replayed from the %d of %s with their jobs, stages and tasks, %,d bytes%n",
                out, batches, blocks.size(), real.getFileName(), Files.size(out));
    }

    private static BufferedReader reader(Path log) throws IOException {
        InputStream in = Files.newInputStream(log);
        return new BufferedReader(new InputStreamReader(log.toString().endsWith(".gz") ? new GZIPInputStream(in) : in,
                StandardCharsets.UTF_8));
    }

    private static boolean batchWork(String type) {
        return type.equals(PROGRESS) || type.startsWith("SparkListenerJob") || type.startsWith("SparkListenerStage")
                || type.startsWith("SparkListenerTask") || type.contains("SQL") || type.contains("ExecutorMetricsUpdate");
    }

    /** The largest id of each kind and the earliest and latest time in the batches. */
    private static void measure(JsonNode node, Map<Id, Long> largest, long[] times) {
        node.fields().forEachRemaining(f -> {
            JsonNode v = f.getValue();
            Id id = ID_FIELDS.get(f.getKey());
            if (id != null && v.canConvertToLong()) {
                largest.merge(id, v.asLong(), Math::max);
            } else if (TIME_FIELDS.contains(f.getKey()) && v.asLong() > 0) {
                times[0] = Math.min(times[0], v.asLong());
                times[1] = Math.max(times[1], v.asLong());
            } else if (f.getKey().equals("accumUpdates")) {
                v.forEach(pair -> largest.merge(Id.ACCUMULATOR, pair.path(0).asLong(), Math::max));
            }
            if (v.isContainerNode()) {
                (v.isArray() ? v.elements() : List.of(v).iterator()).forEachRemaining(c -> {
                    if (c.isObject()) {
                        measure(c, largest, times);
                    }
                });
            }
        });
    }

    /** A copy of the event in pass {@code round}: ids past the real log's largest, times past its span. */
    private static ObjectNode shifted(ObjectNode e, long round, Map<Id, Long> largest, long spanMs) {
        ObjectNode copy = e.deepCopy();
        if (round > 0) {
            shift(copy, round, largest, round * spanMs);
        }
        return copy;
    }

    private static void shift(ObjectNode node, long round, Map<Id, Long> largest, long byMs) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode v = node.get(name);
            Id id = ID_FIELDS.get(name);
            Id property = ID_PROPERTIES.get(name);
            if (id != null && v.canConvertToLong()) {
                node.put(name, v.asLong() + offset(id, round, largest));
            } else if (property != null && v.asText().matches("\\d+")) {
                node.put(name, String.valueOf(Long.parseLong(v.asText()) + offset(property, round, largest)));
            } else if (TIME_FIELDS.contains(name) && v.asLong() > 0) {
                node.put(name, v.asLong() + byMs);
            } else if (name.equals("description") && BATCH_LINE.matcher(v.asText()).find()) { // Spark's "... batch = n"
                Matcher m = BATCH_LINE.matcher(v.asText());
                m.find();
                node.put(name, v.asText().substring(0, m.start(1))
                        + (Long.parseLong(m.group(1)) + offset(Id.BATCH, round, largest)));
            } else if (name.equals("timestamp") && v.isTextual() && v.asText().endsWith("Z")) {
                node.set(name, new TextNode(Instant.parse(v.asText()).plusMillis(byMs).toString()));
            } else if (name.equals("Stage IDs") || name.equals("Parent IDs")) {
                ArrayNode ids = JSON.createArrayNode();
                v.forEach(s -> ids.add(s.asLong() + offset(Id.STAGE, round, largest)));
                node.set(name, ids);
            } else if (name.equals("accumUpdates")) {
                v.forEach(pair -> ((ArrayNode) pair).set(0, pair.path(0).asLong() + offset(Id.ACCUMULATOR, round, largest)));
            } else if (v.isObject()) {
                shift((ObjectNode) v, round, largest, byMs);
            } else if (v.isArray()) {
                v.forEach(c -> {
                    if (c.isObject()) {
                        shift((ObjectNode) c, round, largest, byMs);
                    }
                });
            }
        }
    }

    private static long offset(Id id, long round, Map<Id, Long> largest) {
        return round * (largest.getOrDefault(id, 0L) + 1);
    }
}
