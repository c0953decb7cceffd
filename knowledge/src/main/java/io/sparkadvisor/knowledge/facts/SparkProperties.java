package io.sparkadvisor.knowledge.facts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The Spark properties of the application, with typed readers for the ones the rules use. */
public record SparkProperties(Map<String, String> values) {
    private static final Pattern LOCAL_MASTER = Pattern.compile("local\\[(\\d+|\\*)(?:\\s*,\\s*\\d+)?]");
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmgtp]?)b?", Pattern.CASE_INSENSITIVE);

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

    public Optional<Integer> executorCores() {
        return get("spark.executor.cores").map(String::trim).map(Integer::parseInt);
    }

    public int taskCpus() {
        return get("spark.task.cpus").map(String::trim).map(Integer::parseInt).orElse(1);
    }

    /** A size property in bytes; a bare number means {@code defaultUnit} (MiB for memory settings, bytes for file sizes). */
    public Optional<Long> bytes(String key, long defaultUnit) {
        return get(key).map(v -> parseBytes(v, defaultUnit));
    }

    public static long parseBytes(String value, long defaultUnit) {
        Matcher m = SIZE.matcher(value.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size: " + value);
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2).toLowerCase()) {
            case "k" -> n << 10;
            case "m" -> n << 20;
            case "g" -> n << 30;
            case "t" -> n << 40;
            case "p" -> n << 50;
            default -> n * defaultUnit;
        };
    }
}
