package io.sparkadvisor.databricks.fetch;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Workspace reads that do not wait on each other, sent at once: against a real workspace each is a
 * round trip of 100-200 ms, and an ask needs a dozen. Nothing run here waits for another call run
 * here, so the bounded pool cannot deadlock; it is shared by the process, so several asks at once
 * do not multiply the connections to the workspace.
 */
final class Concurrent {
    private static final ExecutorService CALLS = Executors.newFixedThreadPool(8, daemon("workspace-call"));

    private Concurrent() {
    }

    static <T> CompletableFuture<T> start(Supplier<T> call) {
        return CompletableFuture.supplyAsync(call, CALLS);
    }

    /** The call's answer, or the exception it threw itself, so a failure keeps its words for the user. */
    static <T> T join(CompletableFuture<T> call) {
        try {
            return call.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException thrown) {
                throw thrown;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Daemon threads: a pending read never keeps the process alive. */
    static ThreadFactory daemon(String name) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
