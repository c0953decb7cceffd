package io.sparkadvisor.bot.work;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bot's worker pools. Bounded: a burst of asks or clicks past the queue is refused at once (the
 * caller says "busy, try again") instead of piling up in memory. Not daemon threads: work under way
 * is finished or marked on shutdown by its owner, never cut off silently as the JVM exits.
 */
public final class Workers {
    /** The pools {@code serve} runs, by name; their queues are measured ({@link #queued}). */
    public static final List<String> POOLS = List.of("spark-advisor-ask", "spark-advisor-approval", "spark-advisor-hot-value");
    /** The newest pool of each name: one bot per process in {@code serve}. */
    private static final Map<String, ThreadPoolExecutor> NEWEST = new ConcurrentHashMap<>();

    private Workers() {}

    public static ExecutorService bounded(String name, int threads, int queued) {
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queued),
                r -> new Thread(r, name + "-" + count.incrementAndGet()));
        NEWEST.put(name, pool);
        return pool;
    }

    /** Tasks waiting for a thread of the newest pool named {@code name}; 0 before there is one. */
    public static int queued(String name) {
        ThreadPoolExecutor pool = NEWEST.get(name);
        return pool == null ? 0 : pool.getQueue().size();
    }
}
