package io.sparkadvisor.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a long streaming event log from a real one: the real log's events up to its first micro-batch
 * (application start, environment, executors, the query's start), then its progress events replayed in turn
 * {@code BATCHES} times with the batch id counting up and the timestamp advancing by the real batches' median
 * gap, then the application's end. Only progress events are replayed: the jobs and stages of a batch are
 * per-stage facts, which the batch model keeps for every stage.
 *
 * <pre>java -cp ... io.sparkadvisor.bench.StreamingLog REAL_LOG OUT_LOG [BATCHES, 100000]</pre>
 */
public final class StreamingLog {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROGRESS = "org.apache.spark.sql.streaming.StreamingQueryListener$QueryProgressEvent";

    private StreamingLog() {
    }

    public static void main(String[] args) throws IOException {
        Path real = Path.of(args[0]);
        Path out = Path.of(args[1]);
        long batches = args.length > 2 ? Long.parseLong(args[2]) : 100_000;
        List<String> head = new ArrayList<>();
        List<ObjectNode> progress = new ArrayList<>();
        String end = null;
        for (String line : Files.readAllLines(real)) {
            JsonNode e = JSON.readTree(line);
            String type = e.path("Event").asText();
            if (type.equals(PROGRESS)) {
                progress.add((ObjectNode) e);
            } else if (type.equals("SparkListenerApplicationEnd")) {
                end = line;
            } else if (progress.isEmpty() && !type.equals("SparkListenerJobStart") && !type.startsWith("SparkListenerStage")
                    && !type.startsWith("SparkListenerTask") && !type.startsWith("SparkListenerJob")
                    && !type.contains("SQLExecution")) {
                head.add(line);
            }
        }
        if (progress.isEmpty()) {
            throw new IllegalArgumentException(real + " has no QueryProgressEvent to replay");
        }
        long t0 = Instant.parse(progress.get(0).path("progress").path("timestamp").asText()).toEpochMilli();
        long gapMs = 1000;
        try (BufferedWriter w = Files.newBufferedWriter(out)) {
            for (String line : head) {
                w.write(line);
                w.newLine();
            }
            for (long i = 0; i < batches; i++) {
                ObjectNode e = progress.get((int) (i % progress.size())).deepCopy();
                ObjectNode p = (ObjectNode) e.path("progress");
                p.put("batchId", i);
                p.put("timestamp", Instant.ofEpochMilli(t0 + i * gapMs).toString());
                w.write(JSON.writeValueAsString(e));
                w.newLine();
            }
            if (end != null) {
                long endMs = t0 + batches * gapMs;
                w.write("{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":" + endMs + "}");
                w.newLine();
            }
        }
        System.out.printf("%s: %,d micro-batches replayed from %d progress events of %s, %,d bytes%n", out, batches,
                progress.size(), real.getFileName(), Files.size(out));
    }
}
