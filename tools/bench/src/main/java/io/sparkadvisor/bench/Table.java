package io.sparkadvisor.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints the comparison table from the RESULT lines the forked JVMs wrote, and checks the issue's
 * targets. Throughput is always over the plain (uncompressed) log's bytes and events, so the .gz row
 * is comparable with the others. MB = 10^6 bytes; heap figures in MiB.
 *
 * <pre>java ... io.sparkadvisor.bench.Table RESULTS_FILE PLAIN_LOG GZ_LOG LOAD_NOTE</pre>
 */
public final class Table {
    private Table() {}

    record Row(String name, long fileBytes, long events, long tasks, long peak, long maxAfterGc, long retained,
            long maxHeap, double[] seconds, double[] threadCpu, double[] processCpu) {
        double mean() {
            return Arrays.stream(seconds).average().orElseThrow();
        }

        double cpuMean() {
            return Arrays.stream(threadCpu).average().orElseThrow();
        }

        double processCpuMean() {
            return Arrays.stream(processCpu).average().orElseThrow();
        }

        double min() {
            return Arrays.stream(seconds).min().orElseThrow();
        }

        double max() {
            return Arrays.stream(seconds).max().orElseThrow();
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            if (!line.startsWith("RESULT\t")) {
                continue;
            }
            String[] f = line.split("\t");
            double[] secs = doubles(f[9]);
            rows.put(f[1], new Row(f[1], Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4]),
                    Long.parseLong(f[5]), Long.parseLong(f[6]), Long.parseLong(f[7]), Long.parseLong(f[8]), secs, doubles(f[10]),
                    doubles(f[11])));
        }
        Path plain = Path.of(args[1]);
        Path gz = Path.of(args[2]);
        String load = args.length > 3 ? args[3] : "";
        long bytes = Files.size(plain);
        Row ours = rows.get("ours");
        if (ours == null) {
            throw new IllegalStateException("no result for ours in " + args[0]);
        }
        long events = ours.events();
        long tasks = ours.tasks();
        for (Row r : rows.values()) {
            if (r.events() != events) {
                System.out.printf("note: %s counted %d events, ours %d%s%n", r.name(), r.events(), events,
                        r.name().equals("spark") ? " (Spark drops the SQL events: spark-sql is not on the peer's"
                                + " classpath)" : "");
            }
            if (r.tasks() >= 0 && r.tasks() != tasks) {
                System.out.printf("WARNING: %s counted %d task ends, ours %d%n", r.name(), r.tasks(), tasks);
            }
        }
        System.out.printf(Locale.ROOT, "input: %s, %.1f MB (%d bytes), %d events, %d task ends; .gz %.1f MB%n",
                plain, bytes / 1e6, bytes, events, tasks, Files.exists(gz) ? Files.size(gz) / 1e6 : Double.NaN);
        System.out.printf(Locale.ROOT, "runs: %d measured per parser after warm-up, each parser in its own JVM; %s%n",
                ours.seconds().length, load);
        System.out.println();
        String fmt = "| %-30s | %7s | %-21s | %11s | %8s | %9s | %9s | %9s | %-24s |%n";
        System.out.printf(fmt, "parser", "-Xmx", "MB/s mean (min-max)", "events/s", "s/run", "peak heap", "max live*",
                "retained", "time vs ours");
        System.out.printf(fmt, "-".repeat(30), "-".repeat(7), "-".repeat(21), "-".repeat(11), "-".repeat(8),
                "-".repeat(9), "-".repeat(9), "-".repeat(9), "-".repeat(24));
        List<String> order = new ArrayList<>(List.of("ours", "ours-gz", "ours-candidate", "spark", "jackson"));
        rows.keySet().stream().filter(k -> !order.contains(k)).forEach(order::add);
        for (String name : order) {
            Row r = rows.get(name);
            if (r == null) {
                continue;
            }
            double ratio = r.mean() / ours.mean();
            String vs = name.equals("ours") ? "1.00x" : ratio >= 1
                    ? String.format(Locale.ROOT, "%.2fx (ours %.1fx faster)", ratio, ratio)
                    : String.format(Locale.ROOT, "%.2fx", ratio);
            System.out.printf(Locale.ROOT, fmt, label(name),
                    mib(r.maxHeap()) + "M",
                    String.format(Locale.ROOT, "%.1f (%.1f-%.1f)", bytes / 1e6 / r.mean(), bytes / 1e6 / r.max(),
                            bytes / 1e6 / r.min()),
                    String.format(Locale.ROOT, "%,.0f", events / r.mean()),
                    String.format(Locale.ROOT, "%.2f", r.mean()),
                    mib(r.peak()) + " MiB", mib(r.maxAfterGc()) + " MiB", mib(r.retained()) + " MiB", vs);
        }
        System.out.println();
        System.out.println("* max live = the largest heap use right after any collection during a run (live data plus"
                + " old garbage that collection left); peak heap = the heap pools' peak use, garbage included, which"
                + " grows with -Xmx; retained = heap still used by the parser's product after a full GC.");
        System.out.println();
        System.out.println("CPU time per run (less disturbed by other load than wall time; the parse is single-threaded,"
                + " process CPU adds GC and JIT threads):");
        System.out.println();
        String cfmt = "| %-30s | %-24s | %17s | %13s | %-24s |%n";
        System.out.printf(cfmt, "parser", "parse-thread CPU s (min-max)", "process CPU s", "MB/CPU-s", "thread CPU vs ours");
        System.out.printf(cfmt, "-".repeat(30), "-".repeat(24), "-".repeat(17), "-".repeat(13), "-".repeat(24));
        for (String name : order) {
            Row r = rows.get(name);
            if (r == null) {
                continue;
            }
            double ratio = r.cpuMean() / ours.cpuMean();
            String vs = name.equals("ours") ? "1.00x" : ratio >= 1
                    ? String.format(Locale.ROOT, "%.2fx (ours %.1fx less)", ratio, ratio)
                    : String.format(Locale.ROOT, "%.2fx", ratio);
            System.out.printf(Locale.ROOT, cfmt, label(name),
                    String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", r.cpuMean(), Arrays.stream(r.threadCpu()).min().orElseThrow(),
                            Arrays.stream(r.threadCpu()).max().orElseThrow()),
                    String.format(Locale.ROOT, "%.2f", r.processCpuMean()),
                    String.format(Locale.ROOT, "%.1f", bytes / 1e6 / r.cpuMean()), vs);
        }
        System.out.println();
        Row spark = rows.get("spark");
        Row jackson = rows.get("jackson");
        if (spark != null) {
            double x = spark.mean() / ours.mean();
            double c = spark.cpuMean() / ours.cpuMean();
            System.out.printf(Locale.ROOT, "target  >= 5x faster than Spark's replay:   %.1fx wall, %.1fx thread CPU  %s%n", x, c,
                    x >= 5 ? "MET" : "MISSED");
        }
        if (jackson != null) {
            double x = ours.mean() / jackson.mean();
            double c = ours.cpuMean() / jackson.cpuMean();
            System.out.printf(Locale.ROOT, "target  within 2x of a bare Jackson scan:  %.2fx wall, %.2fx thread CPU  %s%n", x, c,
                    x <= 2 ? "MET" : "MISSED");
        }
        Row candidate = rows.get("ours-candidate");
        if (candidate != null && spark != null) {
            System.out.printf(Locale.ROOT, "(candidate change, not committed: %.1fx faster than Spark's replay wall, %.1fx thread CPU;"
                    + " %.2fx of the Jackson scan's thread CPU)%n", spark.mean() / candidate.mean(),
                    spark.cpuMean() / candidate.cpuMean(), jackson == null ? Double.NaN : candidate.cpuMean() / jackson.cpuMean());
        }
        boolean heapOk = ours.maxHeap() <= 256L << 20;
        System.out.printf(Locale.ROOT, "target  facts within a 256 MB heap:        -Xmx%dM, peak %d MiB, retained %d MiB  %s%n",
                mib(ours.maxHeap()), mib(ours.peak()), mib(ours.retained()), heapOk ? "MET" : "NOT RUN UNDER 256M");
    }

    private static String label(String name) {
        return switch (name) {
            case "ours" -> "ours: RunFactsReader (plain)";
            case "ours-gz" -> "ours: RunFactsReader (.gz)";
            case "ours-candidate" -> "ours + candidate change";
            case "spark" -> "Spark 3.5.8 replay (SHS path)";
            case "jackson" -> "bare Jackson token scan";
            default -> name;
        };
    }

    private static double[] doubles(String csv) {
        return Arrays.stream(csv.split(",")).mapToDouble(Double::parseDouble).toArray();
    }

    private static long mib(long bytes) {
        return Math.round(bytes / 1048576.0);
    }
}
