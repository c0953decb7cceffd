package io.sparkadvisor.bench;

import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.eventlog.CountedPart;
import io.sparkadvisor.knowledge.eventlog.DeliveredDays;
import io.sparkadvisor.knowledge.eventlog.DeliveredWindow;
import io.sparkadvisor.knowledge.eventlog.LocalLogParts;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * A running log of days read for its last hours: parts opened, bytes read, time and the live heap (a full collection
 * every {@code STEP} raw bytes, as {@link LiveHeap} measures it).
 *
 * <pre>
 * java -cp ... io.sparkadvisor.bench.LiveWindow write REAL_LIVE_LAYOUT OUT_FOLDER [HOURS_RUNNING, 76] [COPIES_PER_HOUR, 10]
 * java -Xmx256m -cp ... io.sparkadvisor.bench.LiveWindow read FOLDER [WINDOW_HOURS, 6 | whole] [STEP_BYTES, 5000000]
 * </pre>
 * {@code write} spreads a real running log over hourly parts ending now ({@code DeliveredDays}); {@code read} is to be
 * run soon after, as the window ends at the clock's now.
 */
public final class LiveWindow {
    private LiveWindow() {
    }

    public static void main(String[] args) {
        if (args[0].equals("write")) {
            long hours = args.length > 3 ? Long.parseLong(args[3]) : 76;
            int copies = args.length > 4 ? Integer.parseInt(args[4]) : 10;
            long start = System.nanoTime();
            DeliveredDays.Layout days = DeliveredDays.write(Path.of(args[1]), Path.of(args[2]), Instant.now(), Duration.ofHours(hours),
                    Duration.ofHours(6), copies);
            System.out.printf(Locale.ROOT, "%d parts: %d hourly fillers (%.1f MB), the window's parts %.1f MB; %.1f s%n",
                    days.parts().size(), days.fillers(), days.fillerBytes() / 1e6, days.windowBytes() / 1e6, (System.nanoTime() - start) / 1e9);
            return;
        }
        Path folder = Path.of(args[1]);
        boolean whole = args.length > 2 && args[2].equals("whole");
        Duration window = Duration.ofHours(args.length > 2 && !whole ? Long.parseLong(args[2]) : 6);
        long step = args.length > 3 ? Long.parseLong(args[3]) : 5_000_000;
        CountedPart.Counts counts = new CountedPart.Counts();
        List<LogPart> parts = CountedPart.all(LocalLogParts.of(folder), counts);
        System.gc();
        long before = LiveHeap.afterLastCollection();
        long[] nextAt = {step};
        long[] maxLive = {0};
        long start = System.nanoTime();
        RunFacts facts = whole ? RunFactsReader.read(parts, b -> sample(b, nextAt, maxLive, step))
                : RunFactsReader.read(DeliveredWindow.of(parts, Instant.now(), window), b -> sample(b, nextAt, maxLive, step));
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "%s (%s): %d of %d parts opened, %.2f MB read, %,d events, %,d micro-batches;"
                        + " live heap at most %.1f MiB (%.1f MiB before); %.2f s; load %.1f%n",
                folder.getFileName(), whole ? "whole" : "last " + window.toHours() + " h", counts.opened().size(), parts.size(), counts.bytes() / 1e6,
                facts.coverage().events(), facts.streaming().stream().mapToLong(q -> q.totals().batches()).sum(),
                LiveHeap.mib(Math.max(maxLive[0], LiveHeap.afterLastCollection())), LiveHeap.mib(before), seconds,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static void sample(long read, long[] nextAt, long[] maxLive, long step) {
        if (read >= nextAt[0]) {
            System.gc();
            maxLive[0] = Math.max(maxLive[0], LiveHeap.afterLastCollection());
            nextAt[0] = read + step;
        }
    }
}
