package io.sparkadvisor.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Map;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Heap use around one parse, in three figures:
 * <ul>
 * <li>peak: the sum of the heap pools' peak used bytes since the reset (a System.gc() then
 * resetPeakUsage) - garbage included, so it says how far the collector let the heap fill under the
 * given -Xmx, an upper bound of what the parse needed;</li>
 * <li>maxAfterGc: the largest heap use right after any collection during the parse - live data plus
 * whatever old garbage that collection did not reach, the closest cheap figure to the live set;</li>
 * <li>retained: heap used after a full System.gc() with the parser's product still referenced, minus
 * the same before the parse - what the result itself keeps.</li>
 * </ul>
 */
final class HeapMeter {
    private final List<MemoryPoolMXBean> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).toList();
    private volatile boolean measuring;
    private volatile long maxAfterGc;
    private long baseline;

    HeapMeter() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener((n, h) -> {
                if (!measuring || !GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                    return;
                }
                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                long used = 0;
                for (Map.Entry<String, MemoryUsage> e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                    if (isHeapPool(e.getKey())) {
                        used += e.getValue().getUsed();
                    }
                }
                synchronized (this) {
                    maxAfterGc = Math.max(maxAfterGc, used);
                }
            }, null, null);
        }
    }

    private boolean isHeapPool(String name) {
        for (MemoryPoolMXBean p : heapPools) {
            if (p.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Collects, then starts watching. */
    void start() {
        measuring = false;
        baseline = usedAfterFullGc();
        for (MemoryPoolMXBean p : heapPools) {
            p.resetPeakUsage();
        }
        maxAfterGc = 0;
        measuring = true;
    }

    /** Stops watching (call right after the parse, before anything else allocates). */
    Sample stop() {
        measuring = false;
        long peak = 0;
        for (MemoryPoolMXBean p : heapPools) {
            peak += p.getPeakUsage().getUsed();
        }
        return new Sample(peak, maxAfterGc, baseline);
    }

    /** Heap used after a full collection, minus the baseline before the parse: call with the product still referenced. */
    long retained() {
        return Math.max(0, usedAfterFullGc() - baseline);
    }

    static long usedAfterFullGc() {
        long before = Long.MAX_VALUE;
        // a few rounds, until the figure stops falling (finalizers, soft references)
        for (int i = 0; i < 4; i++) {
            System.gc();
            long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            if (used >= before) {
                return used;
            }
            before = used;
        }
        return before;
    }

    record Sample(long peak, long maxAfterGc, long baseline) {}
}
