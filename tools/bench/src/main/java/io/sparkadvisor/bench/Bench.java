package io.sparkadvisor.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs one parser over one file in this JVM: warm-up iterations, then measured ones, and prints one
 * tab-separated RESULT line (see {@link Table}). Started once per parser by run.sh, each in its own
 * JVM with its own heap limit and classpath.
 *
 * <pre>java ... io.sparkadvisor.bench.Bench ours|jackson|spark[-gz|-rolling]|ours-NAME FILE WARMUP ITERATIONS</pre>
 *
 * Warm-up runs go on until there have been WARMUP of them and {@code -Dbench.warmupSeconds} (0 by
 * default) have passed, so that a parser that reads the log in a second gets as long for its JIT as
 * one that takes five. With no warm-up and one iteration it is the fresh-process run, timed from
 * outside by run.sh.
 */
public final class Bench {
    private Bench() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: Bench ours|jackson|spark[-gz|-rolling]|ours-NAME FILE WARMUP ITERATIONS");
            System.exit(2);
        }
        String name = args[0];
        Path file = Path.of(args[1]);
        int warmup = Integer.parseInt(args[2]);
        int iterations = Integer.parseInt(args[3]);
        Parser parser = switch (name.replaceFirst("-(gz|rolling)$", "")) {
            case "ours" -> new Ours();
            case "jackson" -> new JacksonScan();
            // by name, so that the other JVMs never load Spark's classes
            case "spark" -> (Parser) Class.forName("io.sparkadvisor.bench.SparkReplay").getDeclaredConstructor().newInstance();
            // any other ours-NAME: ours again, e.g. a candidate change put ahead on the classpath
            default -> {
                if (!name.startsWith("ours-")) {
                    throw new IllegalArgumentException("unknown parser " + name);
                }
                yield new Ours();
            }
        };
        HeapMeter heap = new HeapMeter();
        List<Double> seconds = new ArrayList<>();
        List<Double> threadCpu = new ArrayList<>();
        List<Double> processCpu = new ArrayList<>();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long events = -1;
        long tasks = -1;
        long peak = 0;
        long maxAfterGc = 0;
        long retained = 0;
        long warmupNanos = (long) (Double.parseDouble(System.getProperty("bench.warmupSeconds", "0")) * 1e9);
        long started = System.nanoTime();
        int measuredRuns = 0;
        for (int i = 0; measuredRuns < iterations; i++) {
            boolean measured = i >= warmup && System.nanoTime() - started >= warmupNanos;
            measuredRuns += measured ? 1 : 0;
            heap.start();
            long c0 = threads.getCurrentThreadCpuTime();
            long p0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            Parser.Outcome out = parser.parse(file);
            double s = (System.nanoTime() - t0) / 1e9;
            double cpu = (threads.getCurrentThreadCpuTime() - c0) / 1e9;
            double pcpu = (os.getProcessCpuTime() - p0) / 1e9;
            HeapMeter.Sample sample = heap.stop();
            long kept = heap.retained();
            out.close().close();
            if (events >= 0 && (out.events() != events || out.tasks() != tasks)) {
                throw new IllegalStateException("iteration " + i + " saw " + out.events() + " events and "
                        + out.tasks() + " tasks, the first saw " + events + " and " + tasks);
            }
            events = out.events();
            tasks = out.tasks();
            System.err.printf(Locale.ROOT, "[bench] %-8s %s %d: %.3f s (cpu %.3f s, process cpu %.3f s), peak %d MB, max after GC %d MB, retained %d MB%n",
                    name, measured ? "run   " : "warmup", i, s, cpu, pcpu, mb(sample.peak()), mb(sample.maxAfterGc()), mb(kept));
            if (measured) {
                seconds.add(s);
                threadCpu.add(cpu);
                processCpu.add(pcpu);
                peak = Math.max(peak, sample.peak());
                maxAfterGc = Math.max(maxAfterGc, sample.maxAfterGc());
                retained = Math.max(retained, kept);
            }
        }
        long maxHeap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax();
        StringBuilder line = new StringBuilder("RESULT");
        for (Object v : new Object[] {name, Files.size(file), events, tasks, peak, maxAfterGc, retained, maxHeap,
                join(seconds), join(threadCpu), join(processCpu)}) {
            line.append('\t').append(v);
        }
        System.out.println(line);
    }

    private static String join(List<Double> values) {
        return String.join(",", values.stream().map(d -> String.format(Locale.ROOT, "%.4f", d)).toList());
    }

    private static long mb(long bytes) {
        return bytes >> 20;
    }
}
