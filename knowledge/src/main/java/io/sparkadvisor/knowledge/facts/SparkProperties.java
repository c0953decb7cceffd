package io.sparkadvisor.knowledge.facts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** The Spark properties of the application, with typed readers for the ones the rules use. */
public record SparkProperties(Map<String, String> values) {
    private static final Pattern LOCAL_MASTER = Pattern.compile("local\\[(\\d+|\\*)(?:\\s*,\\s*(\\d+))?]");
    /** https://spark.apache.org/docs/latest/configuration.html#scheduling (spark.task.maxFailures) */
    private static final int DEFAULT_TASK_MAX_FAILURES = 4;
    /** Spark's size strings (JavaUtils.byteStringAs): 200b, 64k, 4g, 4gb, 1.5t; a bare number takes the key's default unit. */
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtp]?)(?:i?b)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    /**
     * The properties (exact keys and prefixes ending in a dot) that knowledge/ and rules/ read: the
     * typed readers here, Platforms (master, app id, node types, cloud, Photon, Databricks' cluster
     * tags, serverless and Kubernetes markers), the rules' settings (AQE, files, shuffle, broadcast,
     * Delta OPTIMIZE, task and executor sizing) and SameSetup's work settings. Kept facts hold only
     * these: a log's environment also carries storage keys, JDBC URLs and tokens
     * (spark.hadoop.fs.azure.account.key.*), which no rule needs and no file should keep. A rule that
     * reads another property adds it here, or reads nothing from facts that came from a cache.
     */
    public static final List<String> READ_BY_RULES = List.of("spark.master", "spark.app.id", "spark.app.name", "spark.cores.max",
            "spark.default.parallelism", "spark.driver.memory", "spark.driver.memoryOverhead", "spark.executor.cores",
            "spark.executor.instances", "spark.executor.memory", "spark.executor.memoryOverhead", "spark.executor.memoryOverheadFactor",
            "spark.sql.", "spark.memory.", "spark.task.", "spark.dynamicAllocation.", "spark.shuffle.",
            "spark.databricks.clusterUsageTags.", "spark.databricks.serverless.", "spark.kubernetes.", "spark.yarn.",
            "spark.databricks.photon.enabled", "spark.databricks.workerNodeTypeId", "spark.databricks.driverNodeTypeId",
            "spark.databricks.cloudProvider", "spark.databricks.cluster.profile", "spark.databricks.delta.optimize.maxFileSize",
            "spark.databricks.execution.timeout");

    // Written as the bare map (see sorted()), so read back from it too.
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public SparkProperties {
        values = Map.copyOf(values);
    }

    public static SparkProperties empty() {
        return new SparkProperties(Map.of());
    }

    @JsonValue
    public Map<String, String> sorted() {
        return new TreeMap<>(values);
    }

    /** Only the properties in {@link #READ_BY_RULES}: what the analysis needs, without what it does not. */
    public SparkProperties readByRules() {
        return new SparkProperties(values.entrySet().stream().filter(e -> isReadByRules(e.getKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

    private static boolean isReadByRules(String key) {
        return READ_BY_RULES.stream().anyMatch(k -> k.endsWith(".") ? key.startsWith(k) : key.equals(k));
    }

    public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
    }

    public String master() {
        return values.getOrDefault("spark.master", "");
    }

    public boolean isLocalMode() {
        return master().startsWith("local");
    }

    /** Task slots of a local-mode master: {@code local[4]} is 4, {@code local} is 1; empty for {@code local[*]} and cluster masters. */
    public Optional<Integer> localSlots() {
        if (master().equals("local")) {
            return Optional.of(1);
        }
        Matcher m = LOCAL_MASTER.matcher(master());
        return m.matches() && !m.group(1).equals("*") ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    /**
     * Failed attempts of one task that fail the job: {@code local[N,F]}'s F, 1 for {@code local} and {@code local[N]} (no
     * retries), else spark.task.maxFailures (Spark's default 4).
     */
    public int taskMaxFailures() {
        Matcher m = LOCAL_MASTER.matcher(master());
        if (m.matches()) {
            return m.group(2) != null ? Integer.parseInt(m.group(2)) : 1;
        }
        return master().equals("local") ? 1 : integer("spark.task.maxFailures").filter(n -> n > 0).orElse(DEFAULT_TASK_MAX_FAILURES);
    }

    public Optional<Integer> executorCores() {
        return integer("spark.executor.cores");
    }

    public int taskCpus() {
        return integer("spark.task.cpus").orElse(1);
    }

    /**
     * An integer property; empty when unset or not a number: Databricks' {@code spark.sql.shuffle.partitions=auto}
     * (see {@link #isAuto}) or a value Spark itself would refuse must not stop the analysis.
     */
    public Optional<Integer> integer(String key) {
        return get(key).flatMap(SparkProperties::parseInteger);
    }

    /** An integer value as Spark writes it; empty for anything else ({@code auto}, {@code 1e3}, beyond int range). */
    public static Optional<Integer> parseInteger(String value) {
        String v = value.trim();
        if (!INTEGER.matcher(v).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(v));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** A decimal property (fractions such as spark.memory.fraction); empty when unset or not a number. */
    public Optional<Double> decimal(String key) {
        return get(key).map(String::trim).filter(v -> DECIMAL.matcher(v).matches()).map(Double::parseDouble);
    }

    /** Whether the property is set to {@code auto} (Databricks lets AQE pick the shuffle partition count). */
    public boolean isAuto(String key) {
        return get(key).map(v -> v.trim().equalsIgnoreCase("auto")).orElse(false);
    }

    /** A size property in bytes; a bare number means {@code defaultUnit} (MiB for memory settings, bytes for file sizes); empty when unset or unreadable. */
    public Optional<Long> bytes(String key, long defaultUnit) {
        return get(key).flatMap(v -> parseSize(v, defaultUnit));
    }

    /** A Spark size string in bytes; empty when it is none. */
    public static Optional<Long> parseSize(String value, long defaultUnit) {
        try {
            return Optional.of(parseBytes(value, defaultUnit));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Parses a Spark size string; {@link IllegalArgumentException} naming the value when it is none. */
    public static long parseBytes(String value, long defaultUnit) {
        Matcher m = SIZE.matcher(value.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size: " + value);
        }
        double n = Double.parseDouble(m.group(1));
        double bytes = switch (m.group(2).toLowerCase()) {
            case "k" -> n * (1L << 10);
            case "m" -> n * (1L << 20);
            case "g" -> n * (1L << 30);
            case "t" -> n * (1L << 40);
            case "p" -> n * (1L << 50);
            default -> n * defaultUnit;
        };
        return Math.round(bytes);
    }
}
