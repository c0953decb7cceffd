package io.sparkadvisor.bench;

import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.eventlog.LocalLogParts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The live heap while ours reads one log: a full collection every {@code STEP} raw bytes read (as
 * the reader reports its progress, on the reading thread), and the heap in use as the collector
 * measured it at that collection's end, so what the other read threads allocate after it does not
 * count. A log still being written (cut short) is read too.
 *
 * <pre>java -Xmx256m -cp ... io.sparkadvisor.bench.LiveHeap LOG [STEP_BYTES, 20000000]</pre>
 */
public final class LiveHeap {
    private static final List<MemoryPoolMXBean> HEAP = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP && p.getCollectionUsage() != null).toList();

    private LiveHeap() {
    }

    public static void main(String[] args) {
        Path log = Path.of(args[0]);
        long step = args.length > 1 ? Long.parseLong(args[1]) : 20_000_000;
        System.gc();
        long before = afterLastCollection();
        long[] nextAt = {step};
        long[] maxLive = {0};
        int[] collections = {0};
        long start = System.nanoTime();
        RunFacts facts = RunFactsReader.read(LocalLogParts.of(log), bytes -> {
            if (bytes >= nextAt[0]) {
                System.gc();
                maxLive[0] = Math.max(maxLive[0], afterLastCollection());
                collections[0]++;
                nextAt[0] = bytes + step;
            }
        });
        double seconds = (System.nanoTime() - start) / 1e9;
        System.gc();
        long batches = facts.streaming().stream().mapToLong(q -> q.totals().batches()).sum();
        System.out.printf(Locale.ROOT, "%s: %,d task ends, %,d events, %,d micro-batches%s; %d full collections during the read:"
                        + " live heap at most %.1f MiB (%.1f MiB before it), %.1f MiB after it with the facts held; %.1f s; load %.1f%n",
                log.getFileName(), facts.coverage().tasks(), facts.coverage().events(), batches,
                facts.coverage().truncated() ? ", cut short" : "",
                collections[0], mib(maxLive[0]), mib(before), mib(afterLastCollection()), seconds,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    static long afterLastCollection() {
        return HEAP.stream().mapToLong(p -> p.getCollectionUsage().getUsed()).sum();
    }

    static double mib(long bytes) {
        return bytes / 1048576.0;
    }
}
