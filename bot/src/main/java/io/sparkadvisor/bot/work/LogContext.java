package io.sparkadvisor.bot.work;

import java.util.Map;
import java.util.concurrent.Executor;
import org.slf4j.MDC;

/**
 * The log context (the MDC: the ask or change id) of one piece of work, carried across a hand-off
 * to another thread: a continuation runs on whichever thread completes what it waits for, which
 * has no context or another ask's.
 */
public final class LogContext {
    private LogContext() {}

    /** {@code executor}, running each task with the context of the thread calling this, whichever thread submits it. */
    public static Executor carrying(Executor executor) {
        Map<String, String> context = MDC.getCopyOfContextMap();
        return task -> executor.execute(() -> runWith(context, task));
    }

    private static void runWith(Map<String, String> context, Runnable task) {
        Map<String, String> own = MDC.getCopyOfContextMap();
        set(context);
        try {
            task.run();
        } finally {
            set(own); // a task run inline gives its thread back as it found it
        }
    }

    private static void set(Map<String, String> context) {
        if (context == null) {
            MDC.clear();
        } else {
            MDC.setContextMap(context);
        }
    }
}
