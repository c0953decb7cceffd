package io.sparkadvisor.rules.execution;

import io.sparkadvisor.rules.advisor.RunView;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Adaptive query execution as the run had it: whether the Spark version turns it on by default
 * (3.2 and later, SPARK-33679), and whether the run's settings left it, its partition coalescing and its
 * skew-join splitting on. A setting the run does not make keeps Spark's default.
 *
 * @param onByDefault the run's Spark version enables AQE unless told otherwise
 * @param enabled AQE ran: spark.sql.adaptive.enabled as set, else the version's default
 * @param coalescingAllowed spark.sql.adaptive.coalescePartitions.enabled is not false: AQE, when on, coalesces
 * @param skewJoinAllowed spark.sql.adaptive.skewJoin.enabled is not false: AQE, when on, splits skewed join partitions
 */
public record Adaptive(boolean onByDefault, boolean enabled, boolean coalescingAllowed, boolean skewJoinAllowed) {
    private static final Pattern MAJOR_MINOR = Pattern.compile("^(\\d+)\\.(\\d+)");
    /** Spark's defaults for AQE's skew test (spark.sql.adaptive.skewJoin.*), used when the run does not set them. */
    public static final double DEFAULT_SKEW_FACTOR = 5;
    public static final long DEFAULT_SKEW_THRESHOLD_BYTES = 256L << 20;

    public static Adaptive of(RunView run) {
        boolean byDefault = onByDefault(run.facts().application().sparkVersion());
        boolean enabled = flag(run, "spark.sql.adaptive.enabled", byDefault);
        return new Adaptive(byDefault, enabled, flag(run, "spark.sql.adaptive.coalescePartitions.enabled", true),
                flag(run, "spark.sql.adaptive.skewJoin.enabled", true));
    }

    /** Spark 3.2 and later; an unknown version is not assumed to be one. */
    static boolean onByDefault(String sparkVersion) {
        Matcher m = MAJOR_MINOR.matcher(sparkVersion == null ? "" : sparkVersion.trim());
        return m.find() && Integer.parseInt(m.group(1)) * 100 + Integer.parseInt(m.group(2)) >= 302;
    }

    private static boolean flag(RunView run, String key, boolean byDefault) {
        return run.sparkSetting(key).map(v -> !v.trim().equalsIgnoreCase("false")).orElse(byDefault);
    }

    /** AQE coalesced this run's small shuffle partitions. */
    public boolean coalescing() {
        return enabled && coalescingAllowed;
    }
}
