package io.sparkadvisor.bot.config;

import io.sparkadvisor.databricks.fetch.FactsCache;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the facts of completed runs are kept between asks: {@code SPARK_ADVISOR_FACTS_CACHE_DIR}
 * (default beside the H2 database, {@code ~/.spark-advisor/facts-cache}), at most
 * {@code SPARK_ADVISOR_FACTS_CACHE_MB} megabytes ({@value #DEFAULT_MB} by default; 0 turns it off).
 */
public final class FactsCacheSettings {
    /**
     * spark-advisor's own choice: a gzipped entry of a 100,000-task run is well under 1 MB, so this
     * keeps the facts of hundreds of large runs (a week of a fleet scan) at a small share of a disk.
     */
    static final long DEFAULT_MB = 256;
    private static final String DEFAULT_DIR = ".spark-advisor/facts-cache";

    private FactsCacheSettings() {}

    public static FactsCache fromEnvironment(Map<String, String> env) {
        String dir = env.getOrDefault("SPARK_ADVISOR_FACTS_CACHE_DIR", "");
        Path folder = dir.isBlank() ? Path.of(System.getProperty("user.home"), DEFAULT_DIR) : Path.of(dir.trim());
        return FactsCache.in(folder, bytes(env.getOrDefault("SPARK_ADVISOR_FACTS_CACHE_MB", "")));
    }

    private static long bytes(String megabytes) {
        try {
            long mb = megabytes.isBlank() ? DEFAULT_MB : Long.parseLong(megabytes.trim());
            if (mb >= 0) {
                return Math.multiplyExact(mb, 1024 * 1024);
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // said below
        }
        throw new BadInputException("SPARK_ADVISOR_FACTS_CACHE_MB is \"" + megabytes + "\": give a whole number of megabytes (0 turns the facts cache off)");
    }
}
