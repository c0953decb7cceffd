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

    /** A long span in whole units: "3 d 4 h", "6 h", "1 h 5 min", "45 min". */
    public static String span(long ms) {
        long minutes = Math.round(ms / 60_000.0);
        long days = minutes / (24 * 60);
        long hours = minutes / 60 % 24;
        long mins = minutes % 60;
        if (days > 0) {
            return days + " d" + (hours > 0 ? " " + hours + " h" : "");
        }
        if (hours > 0) {
            return hours + " h" + (mins > 0 ? " " + mins + " min" : "");
        }
        return mins + " min";
    }

    /** A difference of durations with its sign: "+8.2 s", "-450 ms". */
    public static String signedDuration(long ms) {
        return (ms >= 0 ? "+" : "-") + duration(Math.abs(ms));
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

    /**
     * {@code v} with {@code decimals} decimals, or two significant digits when those decimals would show
     * little or nothing ("0.0031", not "0.00").
     */
    public static String decimals(double v, int decimals) {
        if (v == 0 || Math.abs(v) >= Math.pow(10, 1 - decimals)) {
            return String.format(Locale.ROOT, "%." + decimals + "f", v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
    }

    /** Rounds to a few significant digits for evidence values, keeping JSON readable. */
    public static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
