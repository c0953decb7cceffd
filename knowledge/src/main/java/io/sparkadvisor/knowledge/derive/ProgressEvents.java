package io.sparkadvisor.knowledge.derive;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.knowledge.facts.BatchWork;
import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.SourceProgress;
import io.sparkadvisor.knowledge.facts.StateOperatorProgress;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one micro-batch from a progress event: Spark 2.1+ writes a {@code progress} object
 * (StreamingQueryProgress), Spark 2.0.2 a {@code queryStatus} with its timings as strings in
 * {@code triggerDetails}, Spark 2.0.0/2.0.1 a {@code queryInfo} with offsets only.
 */
final class ProgressEvents {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Spark 2.0.2's trigger details under the names Spark 2.1+ uses for the same parts. */
    private static final Map<String, String> V2_0_DURATIONS = Map.of(
            "latency.fullTrigger", MicroBatch.TRIGGER_EXECUTION, "latency.getOffset.total", "latestOffset",
            "latency.getBatch.total", "getBatch", "latency.optimizer", "queryPlanning", "latency.offsetLogWrite", "walCommit");

    private ProgressEvents() {}

    /** A StreamingQueryProgress (Spark 2.1+). */
    static MicroBatch progress(JsonNode p) {
        Map<String, Long> durations = new LinkedHashMap<>();
        p.path("durationMs").fields().forEachRemaining(f -> durations.put(f.getKey(), f.getValue().asLong()));
        List<SourceProgress> sources = new ArrayList<>();
        p.path("sources").forEach(s -> sources.add(source(s)));
        List<StateOperatorProgress> state = new ArrayList<>();
        p.path("stateOperators").forEach(o -> state.add(stateOperator(o)));
        long inputRows = sources.stream().mapToLong(SourceProgress::numInputRows).sum();
        JsonNode sinkRows = p.path("sink").path("numOutputRows");
        return new MicroBatch(p.path("batchId").asLong(-1), instantMs(p.path("timestamp")), Collections.unmodifiableMap(durations),
                p.has("numInputRows") ? p.path("numInputRows").asLong() : inputRows,
                sum(sources, true), sum(sources, false), List.copyOf(sources), List.copyOf(state),
                sinkRows.isNumber() ? sinkRows.asLong() : -1, watermark(p.path("eventTime").path("watermark")), BatchWork.NONE);
    }

    /** A Spark 2.0.x query status or query info: the batch it last ran. */
    static MicroBatch status(JsonNode s, long fallbackBatchId) {
        JsonNode details = s.path("triggerDetails");
        Map<String, Long> durations = new LinkedHashMap<>();
        V2_0_DURATIONS.forEach((old, now) -> {
            if (details.has(old)) {
                durations.put(now, details.path(old).asLong());
            }
        });
        List<SourceProgress> sources = new ArrayList<>();
        s.path("sourceStatuses").forEach(src -> sources.add(new SourceProgress(src.path("description").asText(), "",
                src.path("offsetDesc").asText(), "", src.path("triggerDetails").path("numRows.input.source").asLong(),
                src.path("inputRate").asDouble(), src.path("processingRate").asDouble(), Optional.empty(), 0, Map.of())));
        return new MicroBatch(details.path("triggerId").asLong(fallbackBatchId), s.path("timestamp").asLong(-1),
                Collections.unmodifiableMap(durations), details.path("numRows.input.total").asLong(), s.path("inputRate").asDouble(),
                s.path("processingRate").asDouble(), List.copyOf(sources), List.of(), -1, Optional.empty(), BatchWork.NONE);
    }

    private static double sum(List<SourceProgress> sources, boolean input) {
        return sources.stream().mapToDouble(s -> input ? s.inputRowsPerSecond() : s.processedRowsPerSecond())
                .filter(Double::isFinite).sum();
    }

    private static SourceProgress source(JsonNode s) {
        String description = s.path("description").asText();
        String end = offsets(s.path("endOffset"));
        String latest = offsets(s.path("latestOffset"));
        Map<String, String> metrics = new LinkedHashMap<>();
        s.path("metrics").fields().forEachRemaining(f -> metrics.put(f.getKey(), f.getValue().asText()));
        boolean kafka = description.startsWith("Kafka");
        Map<String, Long> endByPartition = kafka ? partitionOffsets(end) : Map.of();
        return new SourceProgress(description, offsets(s.path("startOffset")), end, latest, s.path("numInputRows").asLong(),
                finite(s.path("inputRowsPerSecond")), finite(s.path("processedRowsPerSecond")),
                behind(metrics, endByPartition, kafka ? partitionOffsets(latest) : Map.of()), endByPartition.size(),
                Collections.unmodifiableMap(metrics));
    }

    /** Kafka's own metric, else the most a partition's latest offset is past its end offset. */
    private static Optional<Long> behind(Map<String, String> metrics, Map<String, Long> end, Map<String, Long> latest) {
        String reported = metrics.get("maxOffsetsBehindLatest");
        if (reported != null && reported.matches("-?\\d+")) {
            return Optional.of(Long.parseLong(reported));
        }
        return latest.entrySet().stream().filter(e -> end.containsKey(e.getKey()))
                .map(e -> Math.max(0, e.getValue() - end.get(e.getKey()))).reduce(Long::max);
    }

    /** Kafka offsets, {"topic":{"partition":offset}}, by topic-partition; empty when the text is not that. */
    private static Map<String, Long> partitionOffsets(String offsets) {
        Map<String, Long> out = new LinkedHashMap<>();
        if (offsets.isEmpty()) {
            return out;
        }
        try {
            JSON.readTree(offsets).fields().forEachRemaining(topic -> topic.getValue().fields().forEachRemaining(p -> {
                if (p.getValue().canConvertToLong()) {
                    out.put(topic.getKey() + "-" + p.getKey(), p.getValue().asLong());
                }
            }));
        } catch (JsonProcessingException e) {
            return Map.of(); // not Kafka's form: no partitions to count
        }
        return out;
    }

    private static StateOperatorProgress stateOperator(JsonNode o) {
        Map<String, Long> custom = new LinkedHashMap<>();
        o.path("customMetrics").fields().forEachRemaining(f -> custom.put(f.getKey(), f.getValue().asLong()));
        // Spark 3.0 named the watermark's dropped rows numLateInputs
        JsonNode dropped = o.has("numRowsDroppedByWatermark") ? o.path("numRowsDroppedByWatermark") : o.path("numLateInputs");
        return new StateOperatorProgress(o.path("operatorName").asText(""), o.path("numRowsTotal").asLong(),
                o.path("numRowsUpdated").asLong(), o.path("numRowsRemoved").asLong(), o.path("memoryUsedBytes").asLong(),
                dropped.asLong(), o.path("numShufflePartitions").asInt(), o.path("numStateStoreInstances").asInt(),
                Collections.unmodifiableMap(custom));
    }

    /** Offsets as Spark wrote them: a JSON string in the event log, or a JSON value. */
    private static String offsets(JsonNode n) {
        return n.isMissingNode() || n.isNull() ? "" : n.isTextual() ? n.asText() : n.toString();
    }

    private static double finite(JsonNode n) {
        double v = n.asDouble();
        return Double.isFinite(v) ? v : 0;
    }

    private static Optional<Long> watermark(JsonNode n) {
        long ms = instantMs(n);
        return ms > 0 ? Optional.of(ms) : Optional.empty();
    }

    /** An ISO-8601 instant as Spark writes it, or epoch milliseconds; -1 when absent or unreadable. */
    static long instantMs(JsonNode n) {
        if (n.isNumber()) {
            return n.asLong();
        }
        try {
            return n.isTextual() ? Instant.parse(n.asText()).toEpochMilli() : -1;
        } catch (DateTimeParseException e) {
            return -1;
        }
    }
}
