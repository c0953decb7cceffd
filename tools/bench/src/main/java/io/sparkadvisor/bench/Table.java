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
 * Prints the comparison tables from the lines run.sh collected: RESULT lines of the warm JVMs (see
 * {@link Bench}), FRESH lines of the fresh processes (wall and CPU seconds of the whole process,
 * timed from outside), and checks the targets. Each .gz or rolling row is compared with its
 * own kind (ours-gz with spark-gz), and throughput is always over the plain log's bytes and events. Ours
 * runs on three threads (read and inflate, skim, parse), the peers on one, so CPU ratios use the
 * whole process's CPU time (GC and JIT included for all). MB = 10^6 bytes; heap figures in MiB.
 *
 * <pre>java ... io.sparkadvisor.bench.Table RESULTS_FILE PLAIN_LOG GZ_LOG NOTE</pre>
 */
public final class Table {
    private static final List<String> PARSERS = List.of("ours", "spark", "jackson");
    /** The same log plain, gzipped, and cut into a Databricks log folder (rolled .gz parts and the live plain file). */
    private static final List<String> KINDS = List.of("", "-gz", "-rolling");
    private static final String ROW = "| %-40s | %-22s | %8s | %-15s | %9s | %9s | %9s | %-26s |%n";
    private static final String FRESH_ROW = "| %-40s | %-21s | %-15s | %-26s | %-26s |%n";

    private Table() {}

    record Warm(String name, long fileBytes, long events, long tasks, long peak, long maxAfterGc, long retained,
            long maxHeap, double[] seconds, double[] threadCpu, double[] processCpu) {}

    record Fresh(List<Double> wall, List<Double> cpu) {}

    public static void main(String[] args) throws Exception {
        Map<String, Warm> warm = new LinkedHashMap<>();
        Map<String, Fresh> fresh = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            String[] f = line.split("\t");
            if (f[0].equals("RESULT")) {
                warm.put(f[1], new Warm(f[1], Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4]),
                        Long.parseLong(f[5]), Long.parseLong(f[6]), Long.parseLong(f[7]), Long.parseLong(f[8]),
                        doubles(f[9]), doubles(f[10]), doubles(f[11])));
            } else if (f[0].equals("FRESH")) {
                Fresh runs = fresh.computeIfAbsent(f[1], k -> new Fresh(new ArrayList<>(), new ArrayList<>()));
                runs.wall().add(Double.parseDouble(f[2]));
                runs.cpu().add(Double.parseDouble(f[3]));
            }
        }
        Path plain = Path.of(args[1]);
        long bytes = Files.size(plain);
        Warm ours = warm.get("ours");
        System.out.printf(Locale.ROOT, "input: %s, %.1f MB, %s; .gz %.1f MB%n", plain, bytes / 1e6,
                ours == null ? "" : String.format(Locale.ROOT, "%,d events, %,d task ends", ours.events(), ours.tasks()),
                Files.exists(Path.of(args[2])) ? Files.size(Path.of(args[2])) / 1e6 : Double.NaN);
        System.out.println(args.length > 3 ? args[3] : "");
        checkCounts(warm);
        if (!warm.isEmpty()) {
            warmTables(warm, bytes);
        }
        if (!fresh.isEmpty()) {
            freshTable(fresh, bytes);
        }
        memoryTable(warm);
        targets(warm, fresh);
    }

    private static void checkCounts(Map<String, Warm> warm) {
        Warm ours = warm.get("ours");
        if (ours == null) {
            return;
        }
        for (Warm r : warm.values()) {
            if (r.name().startsWith("ours-tasks-")) {
                continue;
            }
            if (r.events() != ours.events()) {
                System.out.printf("note: %s counted %d events, ours %d%s%n", r.name(), r.events(), ours.events(),
                        r.name().startsWith("spark") ? " (Spark drops the SQL events: spark-sql is not on the peer's classpath)" : "");
            }
            if (r.tasks() >= 0 && r.tasks() != ours.tasks()) {
                System.out.printf("WARNING: %s counted %d task ends, ours %d%n", r.name(), r.tasks(), ours.tasks());
            }
        }
    }

    private static void warmTables(Map<String, Warm> warm, long bytes) {
        System.out.println();
        System.out.println("Warm JVM (each parser in its own JVM; warm-up runs, then the measured ones):");
        System.out.println();
        System.out.printf(ROW, "parser", "MB/s mean (min-max)", "s/run", "-Xmx", "peak heap", "max live*", "retained",
                "wall vs ours (same input)");
        System.out.printf(ROW, "-".repeat(40), "-".repeat(22), "-".repeat(8), "-".repeat(15), "-".repeat(9), "-".repeat(9),
                "-".repeat(9), "-".repeat(26));
        for (String name : order(warm.keySet())) {
            Warm r = warm.get(name);
            Warm base = warm.get(baseline(name));
            double s = mean(r.seconds());
            System.out.printf(Locale.ROOT, ROW, label(name),
                    String.format(Locale.ROOT, "%.1f (%.1f-%.1f)", bytes / 1e6 / s, bytes / 1e6 / max(r.seconds()),
                            bytes / 1e6 / min(r.seconds())),
                    String.format(Locale.ROOT, "%.2f", s), mib(r.maxHeap()) + "M", mib(r.peak()) + " MiB",
                    mib(r.maxAfterGc()) + " MiB", mib(r.retained()) + " MiB",
                    base == null ? "" : ratio(s, mean(base.seconds())));
        }
        System.out.println();
        System.out.println("* max live = the largest heap use right after any collection during a run; peak heap = the heap"
                + " pools' peak, garbage included (grows with -Xmx); retained = what the product keeps after a full GC.");
        System.out.println();
        System.out.println("CPU seconds per warm run (less disturbed by other load than wall time):");
        System.out.println();
        String fmt = "| %-40s | %-26s | %-28s | %-26s |%n";
        System.out.printf(fmt, "parser", "process CPU s (min-max)", "caller-thread CPU s (min-max)", "process CPU vs ours");
        System.out.printf(fmt, "-".repeat(40), "-".repeat(26), "-".repeat(28), "-".repeat(26));
        for (String name : order(warm.keySet())) {
            Warm r = warm.get(name);
            Warm base = warm.get(baseline(name));
            System.out.printf(Locale.ROOT, fmt, label(name), range(r.processCpu()), range(r.threadCpu()),
                    base == null ? "" : ratio(mean(r.processCpu()), mean(base.processCpu())));
        }
    }

    private static void freshTable(Map<String, Fresh> fresh, long bytes) {
        System.out.println();
        System.out.println("Fresh process (a new JVM per run, as a user runs a command; JVM start included; wall and"
                + " user+system CPU of the whole process):");
        System.out.println();
        System.out.printf(FRESH_ROW, "parser", "wall s mean (min-max)", "CPU s mean", "wall vs ours (same input)",
                "CPU vs ours (same input)");
        System.out.printf(FRESH_ROW, "-".repeat(40), "-".repeat(21), "-".repeat(15), "-".repeat(26), "-".repeat(26));
        for (String name : order(fresh.keySet())) {
            Fresh r = fresh.get(name);
            Fresh base = fresh.get(baseline(name));
            double[] wall = unbox(r.wall());
            double[] cpu = unbox(r.cpu());
            System.out.printf(Locale.ROOT, FRESH_ROW, label(name), range(wall), String.format(Locale.ROOT, "%.2f", mean(cpu)),
                    base == null ? "" : ratio(mean(wall), mean(unbox(base.wall()))),
                    base == null ? "" : ratio(mean(cpu), mean(unbox(base.cpu()))));
        }
    }

    private static void memoryTable(Map<String, Warm> warm) {
        List<Warm> grown = new ArrayList<>(warm.values().stream().filter(r -> r.name().startsWith("ours-tasks-")).toList());
        if (grown.isEmpty()) {
            return;
        }
        if (warm.containsKey("ours")) {
            grown.add(warm.get("ours"));
        }
        System.out.println();
        System.out.println("Ours as the log grows (prefixes of the same log, cut after a whole line; warm JVM):");
        System.out.println();
        String fmt = "| %12s | %10s | %11s | %9s | %9s | %9s |%n";
        System.out.printf(fmt, "task ends", "events", "-Xmx", "max live*", "retained", "peak heap");
        System.out.printf(fmt, "-".repeat(12), "-".repeat(10), "-".repeat(11), "-".repeat(9), "-".repeat(9), "-".repeat(9));
        for (Warm r : grown) {
            System.out.printf(Locale.ROOT, fmt, String.format(Locale.ROOT, "%,d", r.tasks()),
                    String.format(Locale.ROOT, "%,d", r.events()), mib(r.maxHeap()) + "M", mib(r.maxAfterGc()) + " MiB",
                    mib(r.retained()) + " MiB", mib(r.peak()) + " MiB");
        }
    }

    private static void targets(Map<String, Warm> warm, Map<String, Fresh> fresh) {
        System.out.println();
        for (String kind : KINDS) {
            Warm ours = warm.get("ours" + kind);
            Warm spark = warm.get("spark" + kind);
            if (ours != null && spark != null) {
                target("warm" + kind, mean(spark.seconds()) / mean(ours.seconds()),
                        mean(spark.processCpu()) / mean(ours.processCpu()));
            }
            Fresh sparkFresh = fresh.get("spark" + kind);
            for (String launch : List.of("ours", "ours-cli")) {
                Fresh oursFresh = fresh.get(launch + kind);
                if (oursFresh != null && sparkFresh != null) {
                    target((launch.equals("ours") ? "fresh" : "fresh-cli") + kind,
                            mean(unbox(sparkFresh.wall())) / mean(unbox(oursFresh.wall())),
                            mean(unbox(sparkFresh.cpu())) / mean(unbox(oursFresh.cpu())));
                }
            }
        }
    }

    private static void target(String what, double wall, double cpu) {
        System.out.printf(Locale.ROOT, "target >= 5x Spark's replay, %-15s %5.1fx wall %-6s %5.1fx CPU %s%n", what + ":", wall,
                wall >= 5 ? "MET," : "MISSED,", cpu, cpu >= 5 ? "MET" : "MISSED");
    }

    /** ours, spark, jackson; each plain, then .gz; then anything else. */
    private static List<String> order(java.util.Collection<String> names) {
        List<String> out = new ArrayList<>();
        for (String kind : KINDS) {
            PARSERS.stream().map(p -> p + kind).filter(names::contains).forEach(out::add);
        }
        names.stream().filter(n -> !out.contains(n) && !n.startsWith("ours-tasks-")).forEach(out::add);
        return out;
    }

    private static String kind(String name) {
        return name.endsWith("-gz") ? "-gz" : name.endsWith("-rolling") ? "-rolling" : "";
    }

    private static String baseline(String name) {
        return "ours" + kind(name);
    }

    private static String label(String name) {
        String kind = switch (kind(name)) {
            case "-gz" -> " (.gz)";
            case "-rolling" -> " (rolling)";
            default -> " (plain)";
        };
        return switch (name.substring(0, name.length() - kind(name).length())) {
            case "ours" -> "ours: RunFactsReader" + kind;
            case "ours-cli" -> "ours, launcher's JVM flags" + kind;
            case "spark" -> "Spark 3.5.8 replay (SHS path)" + kind;
            case "jackson" -> "bare Jackson token scan" + kind;
            default -> name;
        };
    }

    private static String ratio(double value, double ours) {
        double x = value / ours;
        return Math.abs(x - 1) < 0.005 ? "1.00x" : x > 1 ? String.format(Locale.ROOT, "%.2fx (ours %.1fx less)", x, x)
                : String.format(Locale.ROOT, "%.2fx", x);
    }

    private static String range(double[] v) {
        return String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", mean(v), min(v), max(v));
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElseThrow();
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElseThrow();
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElseThrow();
    }

    private static double[] unbox(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double[] doubles(String csv) {
        return Arrays.stream(csv.split(",")).mapToDouble(Double::parseDouble).toArray();
    }

    private static long mib(long bytes) {
        return Math.round(bytes / 1048576.0);
    }
}
