package io.sparkadvisor.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The streaming numbers a manifest entry records (its {@code streaming} block), measured from the log's
 * StreamingQueryListener events so that tests can check the construction held: how many batches, how long they took
 * against the trigger, input vs processing rate, state, watermark drops, Kafka offsets behind latest. Tool-side only.
 */
final class StreamingSummary {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LISTENER = "org.apache.spark.sql.streaming.StreamingQueryListener$";
  /** The durationMs keys the micro-batch executor reports, planning and bookkeeping before the batch's own work. */
  private static final List<String> DURATION_KEYS = List.of("latestOffset", "getBatch", "queryPlanning",
      "walCommit", "addBatch", "commitOffsets", "triggerExecution");

  private StreamingSummary() {}

  static Map<String, Object> summarize(BufferedReader r, long triggerMs) throws IOException {
    Map<String, Long> events = new LinkedHashMap<>();
    List<Long> durations = new ArrayList<>();
    Map<String, Long> durationSums = new LinkedHashMap<>();
    List<Double> inputRates = new ArrayList<>();
    List<Double> processedRates = new ArrayList<>();
    List<Long> stateRows = new ArrayList<>();
    List<Long> stateMemory = new ArrayList<>();
    List<Long> behind = new ArrayList<>();
    long inputRows = 0;
    long emptyBatches = 0;
    long overTrigger = 0;
    long removed = 0;
    long dropped = 0;
    long stateShufflePartitions = -1;
    int kafkaPartitions = -1;
    String source = null;
    for (String line = r.readLine(); line != null; line = r.readLine()) {
      if (!line.startsWith("{\"Event\":\"" + LISTENER)) {
        continue;
      }
      JsonNode n = JSON.readTree(line);
      String event = n.path("Event").asText().substring(LISTENER.length());
      events.merge(event, 1L, Long::sum);
      if (!event.equals("QueryProgressEvent")) {
        continue;
      }
      JsonNode p = n.path("progress");
      // the log holds the sources' figures only: the progress's numInputRows and rates are their sums
      long rows = 0;
      double inputRate = 0;
      double processedRate = 0;
      for (JsonNode s : p.path("sources")) {
        rows += s.path("numInputRows").asLong();
        inputRate += s.path("inputRowsPerSecond").asDouble();
        processedRate += s.path("processedRowsPerSecond").asDouble();
      }
      inputRows += rows;
      if (rows == 0) {
        emptyBatches++;
      } else {
        inputRates.add(inputRate);
        processedRates.add(processedRate);
      }
      long d = p.path("durationMs").path("triggerExecution").asLong();
      durations.add(d);
      if (triggerMs > 0 && d > triggerMs) {
        overTrigger++;
      }
      for (String k : DURATION_KEYS) {
        durationSums.merge(k, p.path("durationMs").path(k).asLong(), Long::sum);
      }
      for (JsonNode op : p.path("stateOperators")) {
        stateRows.add(op.path("numRowsTotal").asLong());
        stateMemory.add(op.path("memoryUsedBytes").asLong());
        removed += op.path("numRowsRemoved").asLong();
        dropped += op.path("numRowsDroppedByWatermark").asLong();
        stateShufflePartitions = op.path("numShufflePartitions").asLong();
      }
      for (JsonNode s : p.path("sources")) {
        source = s.path("description").asText();
        if (source.startsWith("KafkaV2")) { // endOffset is JSON text: {"topic":{"partition":offset,...}}
          kafkaPartitions = JSON.readTree(s.path("endOffset").asText()).elements().next().size();
        }
        if (s.path("metrics").has("maxOffsetsBehindLatest")) {
          behind.add(s.path("metrics").path("maxOffsetsBehindLatest").asLong());
        }
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("listenerEvents", events);
    out.put("source", source);
    out.put("progressEvents", durations.size());
    out.put("batchesWithInput", durations.size() - emptyBatches);
    out.put("emptyBatches", emptyBatches);
    out.put("inputRows", inputRows);
    out.put("triggerMs", triggerMs);
    out.put("batchesOverTrigger", overTrigger);
    out.put("triggerExecutionMs", quantiles(durations));
    out.put("durationMsSums", durationSums);
    out.put("inputRowsPerSecond", quantiles(inputRates));
    out.put("processedRowsPerSecond", quantiles(processedRates));
    if (!stateRows.isEmpty()) {
      out.put("stateRowsFirstLast", List.of(stateRows.get(0), stateRows.get(stateRows.size() - 1)));
      out.put("stateMemoryBytesFirstLast", List.of(stateMemory.get(0), stateMemory.get(stateMemory.size() - 1)));
      out.put("stateRowsRemoved", removed);
      out.put("rowsDroppedByWatermark", dropped);
      out.put("stateShufflePartitions", stateShufflePartitions);
    }
    if (kafkaPartitions >= 0) {
      out.put("kafkaPartitions", kafkaPartitions);
    }
    if (!behind.isEmpty()) {
      out.put("maxOffsetsBehindLatestFirstLastMax",
          List.of(behind.get(0), behind.get(behind.size() - 1), Collections.max(behind)));
    }
    return out;
  }

  /** min, lower median (element (n-1)/2 of the sorted values), 90th percentile (element ceil(0.9n)-1), max. */
  private static <T extends Comparable<T>> Map<String, T> quantiles(List<T> values) {
    Map<String, T> q = new LinkedHashMap<>();
    if (values.isEmpty()) {
      return q;
    }
    List<T> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    q.put("min", sorted.get(0));
    q.put("median", sorted.get((n - 1) / 2));
    q.put("p90", sorted.get((int) Math.ceil(0.9 * n) - 1));
    q.put("max", sorted.get(n - 1));
    return q;
  }
}
