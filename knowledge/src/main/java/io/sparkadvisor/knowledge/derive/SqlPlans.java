package io.sparkadvisor.knowledge.derive;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.PhotonExplanation;
import io.sparkadvisor.knowledge.facts.PhotonFallback;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.WriteFacts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQL executions and their plans: the latest plan of each execution (adaptive execution replaces
 * it as stages finish), SQL metric values by accumulator id (from completed stages and driver-side
 * updates), and at the end the typed views (scans, exchanges, writes) with final metric values.
 */
final class SqlPlans {
    private static final Pattern BRACKETED_PATHS = Pattern.compile("\\[([^\\[\\]]*)]\\s*$");
    private static final Pattern SCAN_TABLE = Pattern.compile("^(?:Scan|FileScan)\\s+\\w+\\s+([\\w.`-]+)$|^BatchScan\\s+([^\\s\\[]+).*");
    private static final Pattern WRITE_LOCATION = Pattern.compile("^Execute \\w+ ([^,\\s]+)");

    private final Map<Long, Execution> executions = new LinkedHashMap<>();
    private final Map<Long, Long> accumulatorValues = new HashMap<>();

    void start(JsonNode e) {
        Execution ex = new Execution(e.path("executionId").asLong(), e.path("description").asText(""),
                e.path("time").asLong());
        ex.rootId = e.path("rootExecutionId").asLong(ex.id);
        ex.replan(e);
        executions.put(ex.id, ex);
    }

    void planUpdate(JsonNode e) {
        Execution ex = executions.get(e.path("executionId").asLong());
        if (ex != null) {
            ex.replan(e);
        }
    }

    void end(JsonNode e) {
        Execution ex = executions.get(e.path("executionId").asLong());
        if (ex != null) {
            ex.endMs = e.path("time").asLong();
        }
    }

    void driverAccumulatorUpdates(JsonNode e) {
        for (JsonNode pair : e.path("accumUpdates")) {
            accumulatorValues.put(pair.path(0).asLong(), pair.path(1).asLong());
        }
    }

    /** Forgets an earlier micro-batch's execution, with its root (the streaming write that started it) and their metric values. */
    void forget(long executionId) {
        Execution ex = executions.remove(executionId);
        if (ex != null) {
            ex.plan.forEach(n -> n.metricIds.values().forEach(accumulatorValues::remove));
            if (ex.rootId != ex.id) {
                forget(ex.rootId);
            }
        }
    }

    void forgetAccumulator(long id) {
        accumulatorValues.remove(id);
    }

    /** The value of an accumulator as a stage reported it; a later stage's report is the more complete one. */
    void accumulatorValue(long id, long value) {
        accumulatorValues.merge(id, value, Math::max);
    }

    List<SqlExecutionFacts> build(Map<Long, List<Integer>> jobsByExecution, Map<Long, List<Integer>> stagesByExecution,
            Map<Long, Set<Integer>> stagesByAccumulator, long lastSeenMs) {
        List<SqlExecutionFacts> out = new ArrayList<>();
        for (Execution ex : executions.values()) {
            List<PlanNode> nodes = ex.plan.stream().map(n -> n.toFacts(accumulatorValues, stagesByAccumulator)).toList();
            out.add(new SqlExecutionFacts(ex.id, ex.description, ex.startMs, ex.endMs > 0 ? ex.endMs : lastSeenMs, nodes,
                    jobsByExecution.getOrDefault(ex.id, List.of()), stagesByExecution.getOrDefault(ex.id, List.of()),
                    nodes.stream().filter(SqlPlans::isScan).map(SqlPlans::scan).toList(),
                    nodes.stream().filter(SqlPlans::isExchange).map(SqlPlans::exchange).toList(),
                    nodes.stream().flatMap(n -> write(n, ex.deltaSavePath).stream()).toList(),
                    PhotonFallback.of(nodes, ex.photonExplanation)));
        }
        return out;
    }

    /** File scans, Photon's ({@code PhotonScan parquet}) read as their Spark twin, and Iceberg's {@code BatchScan}. */
    private static boolean isScan(PlanNode n) {
        String name = n.sparkTwin();
        boolean scanNode = name.startsWith("Scan ") || name.startsWith("FileScan") || name.startsWith("BatchScan");
        return scanNode && (n.metadata().containsKey("Location") || n.metrics().containsKey("number of files read")
                || n.metrics().containsKey("files read") || iceberg(n));
    }

    private static ScanFacts scan(PlanNode n) {
        Map<String, String> md = n.metadata();
        String format = md.getOrDefault("Format", n.sparkTwin().replaceFirst("^(Scan|FileScan|BatchScan)\\s*", "").trim()
                .split("\\s", 2)[0]);
        String location = md.getOrDefault("Location", "");
        return new ScanFacts(n.id(), format, locations(location), md.getOrDefault("PartitionFilters", ""),
                md.getOrDefault("PushedFilters", ""), md.getOrDefault("DataFilters", ""), md.getOrDefault("ReadSchema", ""),
                metric(n, "number of files read", "files read", "result data files"),
                metric(n, "size of files read", "total data file size (bytes)"), n.outputRows().orElse(0L),
                metric(n, "number of partitions read", "partitions read"),
                metric(n, "metadata time", "driver time - list and filter partitions"),
                metric(n, "scan time", "cumulative time"), n.stageIds(), tableFormat(n, format, location), table(n));
    }

    /** The first of Spark's metric names (then Photon's or Iceberg's for the same measure) the node has, else 0. */
    private static long metric(PlanNode n, String... names) {
        for (String name : names) {
            Optional<Long> value = n.metric(name);
            if (value.isPresent()) {
                return value.get();
            }
        }
        return 0L;
    }

    /**
     * Delta from the file index ({@code PreparedDeltaFileIndex}, {@code TahoeLogFileIndex},
     * {@code TahoeBatchFileIndex}, ...) or a Delta scan node; the Delta log's own scans
     * ({@code DeltaLogFileIndex}) are {@code delta-log}; Iceberg from the node; else the file format.
     */
    static String tableFormat(PlanNode n, String format, String location) {
        String index = location.replaceFirst("[(\\[].*", "").trim();
        if (index.startsWith("DeltaLogFileIndex")) {
            return ScanFacts.DELTA_LOG;
        }
        if (index.startsWith("Tahoe") || index.startsWith("PreparedDeltaFileIndex") || index.contains("DeltaFileIndex")
                || n.sparkTwin().matches("(?i)^(Scan|FileScan)\\s+delta\\b.*")) {
            return ScanFacts.DELTA;
        }
        if (iceberg(n)) {
            return ScanFacts.ICEBERG;
        }
        return format.toLowerCase(Locale.ROOT);
    }

    private static boolean iceberg(PlanNode n) {
        return n.sparkTwin().startsWith("BatchScan") && (n.simpleString().toLowerCase(Locale.ROOT).contains("iceberg")
                || n.metadata().values().stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("iceberg")));
    }

    /**
     * The catalog table a scan names: {@code Scan parquet spark_catalog.default.sales} or
     * {@code BatchScan local.db.events}; empty for a path read ({@code Scan parquet}).
     */
    static String table(PlanNode n) {
        Matcher m = SCAN_TABLE.matcher(n.sparkTwin().trim());
        return !m.matches() ? "" : m.group(1) != null ? m.group(1) : m.group(2);
    }

    private static boolean isExchange(PlanNode n) {
        return n.name().equals("Exchange") || n.name().equals("PhotonShuffleExchangeSink");
    }

    /** {@code InMemoryFileIndex(1 paths)[file:/data/events]} holds its root paths in the last brackets. */
    private static List<String> locations(String location) {
        Matcher m = BRACKETED_PATHS.matcher(location);
        if (!m.find()) {
            return location.isBlank() ? List.of() : List.of(location);
        }
        return List.of(m.group(1).split(",\\s*")).stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static ExchangeFacts exchange(PlanNode n) {
        Partitioning p = Partitioning.ofExchange(n.simpleString());
        int partitions = n.metric("number of partitions").map(Long::intValue).orElse(p.numPartitions());
        return new ExchangeFacts(n.id(), p.scheme(), p.keys(), partitions,
                metric(n, "data size", "num uncompressed bytes written"),
                metric(n, "shuffle records written", "number of output rows"), n.stageIds());
    }

    /** A file write (Spark's write metrics on the node) or a Delta write (named by the node: {@link DeltaWrites}). */
    private static Optional<WriteFacts> write(PlanNode n, String deltaSavePath) {
        if (n.metrics().containsKey("number of written files")) {
            Matcher m = WRITE_LOCATION.matcher(n.simpleString());
            return Optional.of(new WriteFacts(n.id(), n.name().replaceFirst("^Execute\\s+", ""), m.find() ? m.group(1) : "",
                    n.metric("number of written files").orElse(0L), n.metric("written output").orElse(0L),
                    n.outputRows().orElse(0L), n.metric("number of dynamic part").orElse(0L), n.stageIds(), ""));
        }
        return DeltaWrites.of(n, deltaSavePath).map(t -> new WriteFacts(n.id(), t.command(), t.location(), 0, 0, 0, 0,
                n.stageIds(), t.table()));
    }

    private static List<NodeDraft> flatten(JsonNode root) {
        List<NodeDraft> out = new ArrayList<>();
        if (!root.isMissingNode()) {
            add(root, -1, out);
        }
        return out;
    }

    private static void add(JsonNode info, int parentId, List<NodeDraft> out) {
        NodeDraft node = new NodeDraft(out.size(), parentId, info.path("nodeName").asText(),
                info.path("simpleString").asText());
        out.add(node);
        info.path("metadata").fields().forEachRemaining(f -> node.metadata.put(f.getKey(), f.getValue().asText()));
        for (JsonNode metric : info.path("metrics")) {
            node.metricIds.put(metric.path("name").asText(), metric.path("accumulatorId").asLong());
            node.metricTypes.put(metric.path("name").asText(), metric.path("metricType").asText());
        }
        for (JsonNode child : info.path("children")) {
            add(child, node.id, out);
        }
    }

    private static final class Execution {
        final long id;
        final String description;
        final long startMs;
        long rootId;
        long endMs;
        List<NodeDraft> plan = List.of();
        Optional<PhotonExplanation> photonExplanation = Optional.empty();
        String deltaSavePath = "";

        Execution(long id, String description, long startMs) {
            this.id = id;
            this.description = description;
            this.startMs = startMs;
        }

        /** The plan of an execution's start or adaptive update, and what only its physical plan's text says. */
        void replan(JsonNode e) {
            String description = e.path("physicalPlanDescription").asText("");
            plan = flatten(e.path("sparkPlanInfo"));
            photonExplanation = PhotonExplanation.in(description);
            deltaSavePath = DeltaWrites.savePath(description);
        }
    }

    private static final class NodeDraft {
        final int id;
        final int parentId;
        final String name;
        final String simpleString;
        final Map<String, String> metadata = new TreeMap<>();
        final Map<String, Long> metricIds = new LinkedHashMap<>();
        final Map<String, String> metricTypes = new HashMap<>();

        NodeDraft(int id, int parentId, String name, String simpleString) {
            this.id = id;
            this.parentId = parentId;
            this.name = name;
            this.simpleString = simpleString;
        }

        PlanNode toFacts(Map<Long, Long> values, Map<Long, Set<Integer>> stagesByAccumulator) {
            Map<String, Long> metrics = new LinkedHashMap<>();
            Set<Integer> stages = new TreeSet<>();
            metricIds.forEach((name, id) -> {
                Long value = values.get(id);
                if (value != null) {
                    metrics.put(name, "nsTiming".equals(metricTypes.get(name)) ? value / 1_000_000 : value);
                }
                stages.addAll(stagesByAccumulator.getOrDefault(id, Set.of()));
            });
            return new PlanNode(id, parentId, name, simpleString, metrics, metadata, List.copyOf(stages));
        }
    }
}
