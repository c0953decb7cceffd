package io.sparkadvisor.knowledge.cluster;

import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Databricks Runtime name ({@code 15.4.x-scala2.12}, {@code 13.3.x-photon-scala2.12}) says about the Spark it
 * runs and how long Databricks supports it, from Databricks' "Databricks Runtime release notes versions and
 * compatibility" page (docs.databricks.com/release-notes/runtime, read 2026-12): the Apache Spark version of every
 * release line, and the end-of-support date of the LTS releases and of the 17.x releases it lists. Releases it no longer
 * lists (non-LTS lines before 17) have no date here: past their six months, they are not named.
 */
public final class Runtimes {
    /** A runtime release: the Spark it runs ({@code major.minor}) and its end of support, when known. */
    public record Release(String name, String sparkVersion, Optional<LocalDate> endOfSupport) {}

    private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)");
    /** Spark major.minor per runtime major version. */
    private static final Map<Integer, String> SPARK_BY_MAJOR = Map.of(9, "3.1", 10, "3.2", 11, "3.3", 12, "3.3", 13, "3.4",
            14, "3.5", 15, "3.5", 16, "3.5", 17, "4.0", 18, "4.1");
    private static final Map<String, LocalDate> END_OF_SUPPORT = Map.ofEntries(
            Map.entry("9.1", LocalDate.of(2024, 9, 23)), Map.entry("10.4", LocalDate.of(2025, 3, 18)),
            Map.entry("11.3", LocalDate.of(2025, 10, 19)), Map.entry("12.2", LocalDate.of(2026, 3, 1)),
            Map.entry("13.3", LocalDate.of(2026, 8, 22)), Map.entry("14.3", LocalDate.of(2027, 2, 1)),
            Map.entry("15.4", LocalDate.of(2027, 8, 19)), Map.entry("16.4", LocalDate.of(2028, 5, 9)),
            Map.entry("17.0", LocalDate.of(2025, 12, 23)), Map.entry("17.1", LocalDate.of(2026, 2, 1)),
            Map.entry("17.2", LocalDate.of(2026, 3, 26)), Map.entry("17.3", LocalDate.of(2028, 10, 22)));

    private Runtimes() {}

    /** The release a classic runtime name names; empty for serverless, which is versioned by its environment, and unknown lines. */
    public static Optional<Release> of(String runtime) {
        if (runtime == null || runtime.toLowerCase(java.util.Locale.ROOT).contains("serverless")) {
            return Optional.empty();
        }
        Matcher m = VERSION.matcher(runtime.strip());
        if (!m.find()) {
            return Optional.empty();
        }
        String name = m.group(1) + "." + m.group(2);
        return Optional.ofNullable(SPARK_BY_MAJOR.get(Integer.parseInt(m.group(1))))
                .map(spark -> new Release(name, spark, Optional.ofNullable(END_OF_SUPPORT.get(name))));
    }

    /** {@code major.minor} of a Spark version ({@code 4.0.1} gives {@code 4.0}); the text itself when it has no such start. */
    public static String sparkMinor(String sparkVersion) {
        Matcher m = VERSION.matcher(sparkVersion == null ? "" : sparkVersion.strip());
        return m.find() ? m.group(1) + "." + m.group(2) : String.valueOf(sparkVersion);
    }
}
