package io.sparkadvisor.rules.advisor;

import java.util.Locale;

/** Human-readable numbers for messages: durations, sizes, ratios. */
public final class Format {
    private Format() {}

    public static String duration(long ms) {
        if (ms < 1_000) {
            return ms + " ms";
        }
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        if (ms < 3_600_000) {
            return String.format(Locale.ROOT, "%.1f min", ms / 60_000.0);
        }
        return String.format(Locale.ROOT, "%.1f h", ms / 3_600_000.0);
    }

    public static String bytes(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    public static String ratio(double r) {
        return r >= 10 ? String.format(Locale.ROOT, "%.0f", r) : String.format(Locale.ROOT, "%.1f", r);
    }

    /** Gigabytes with one decimal: 15.3, 24.9. */
    public static String gb(double gb) {
        return String.format(Locale.ROOT, "%.1f", gb);
    }

    public static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }

    /** Rounds to a few significant digits for evidence values, keeping JSON readable. */
    public static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
