package io.sparkadvisor.bot.work;

import java.util.concurrent.ArrayBlockingQueue;
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
    private Workers() {}

    public static ExecutorService bounded(String name, int threads, int queued) {
        AtomicInteger count = new AtomicInteger();
        return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queued),
                r -> new Thread(r, name + "-" + count.incrementAndGet()));
    }
}
