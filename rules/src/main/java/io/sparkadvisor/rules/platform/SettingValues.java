package io.sparkadvisor.rules.platform;

import io.sparkadvisor.knowledge.facts.SparkProperties;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The value forms Spark and the Jobs API accept for the settings rules propose, so a value the
 * platform would refuse (or read differently) is never offered to Approve. Keys not listed here are
 * passed through: their values are not checked.
 */
final class SettingValues {
    private static final Pattern BOOLEAN = Pattern.compile("(?i)true|false");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)");

    enum Form {
        POSITIVE_INT(v -> SparkProperties.parseInteger(v).filter(n -> n > 0).isPresent()),
        NON_NEGATIVE_INT(v -> SparkProperties.parseInteger(v).filter(n -> n >= 0).isPresent()),
        /** A partition count, or Databricks' {@code auto} (AQE picks it). */
        PARTITIONS_OR_AUTO(v -> v.trim().equalsIgnoreCase("auto") || Form.POSITIVE_INT.accepts(v)),
        SIZE(v -> SparkProperties.parseSize(v, 1).filter(n -> n > 0).isPresent()),
        /** A size, or -1 for "never" (spark.sql.autoBroadcastJoinThreshold). */
        SIZE_OR_OFF(v -> v.trim().equals("-1") || Form.SIZE.accepts(v)),
        BOOLEAN_VALUE(v -> BOOLEAN.matcher(v.trim()).matches()),
        POSITIVE_DECIMAL(v -> DECIMAL.matcher(v.trim()).matches() && Double.parseDouble(v.trim()) > 0);

        private final Predicate<String> accepts;

        Form(Predicate<String> accepts) {
            this.accepts = accepts;
        }

        boolean accepts(String value) {
            return value != null && accepts.test(value);
        }

        String id() {
            return name().toLowerCase().replace('_', ' ');
        }
    }

    private static final Map<String, Form> FORMS = Map.ofEntries(
            Map.entry("spark.sql.shuffle.partitions", Form.PARTITIONS_OR_AUTO),
            Map.entry("spark.default.parallelism", Form.POSITIVE_INT),
            Map.entry("spark.executor.cores", Form.POSITIVE_INT),
            Map.entry("spark.task.cpus", Form.POSITIVE_INT),
            Map.entry("spark.task.maxFailures", Form.POSITIVE_INT),
            Map.entry("SPARK_WORKER_CORES", Form.POSITIVE_INT),
            Map.entry("num_workers", Form.NON_NEGATIVE_INT),
            Map.entry("autoscale.min_workers", Form.NON_NEGATIVE_INT),
            Map.entry("autoscale.max_workers", Form.POSITIVE_INT),
            Map.entry("spark.executor.memory", Form.SIZE),
            Map.entry("spark.sql.files.maxPartitionBytes", Form.SIZE),
            Map.entry("spark.sql.files.openCostInBytes", Form.SIZE),
            Map.entry("spark.sql.adaptive.advisoryPartitionSizeInBytes", Form.SIZE),
            Map.entry("spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes", Form.SIZE),
            Map.entry("spark.sql.autoBroadcastJoinThreshold", Form.SIZE_OR_OFF),
            Map.entry("spark.sql.adaptive.skewJoin.skewedPartitionFactor", Form.POSITIVE_DECIMAL),
            Map.entry("spark.memory.fraction", Form.POSITIVE_DECIMAL));

    private SettingValues() {}

    /** The form the key's value must have, when it is one the rules propose. */
    static Optional<Form> formOf(String key) {
        if (key.endsWith(".enabled")) {
            return Optional.of(Form.BOOLEAN_VALUE);
        }
        return Optional.ofNullable(FORMS.get(key));
    }
}
