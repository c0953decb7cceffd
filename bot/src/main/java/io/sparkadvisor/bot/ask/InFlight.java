package io.sparkadvisor.bot.ask;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Work keyed by what it is about, done once however many ask for it at the same time: the first
 * caller does it on its own thread, later callers get the same result when it is ready. The result
 * stays shared for {@code keepFor} after it is done, then the key is free and a later ask sees
 * fresh data.
 */
public final class InFlight<K, V> {
    private final ConcurrentHashMap<K, CompletableFuture<V>> running = new ConcurrentHashMap<>();
    private final Duration keepFor;

    public InFlight(Duration keepFor) {
        this.keepFor = keepFor;
    }

    /** The shared result, and whether this caller did the work (then it is already complete). */
    public record Share<V>(CompletableFuture<V> result, boolean didTheWork) {}

    public Share<V> once(K key, Supplier<V> work) {
        CompletableFuture<V> mine = new CompletableFuture<>();
        CompletableFuture<V> theirs = running.putIfAbsent(key, mine);
        if (theirs != null) {
            return new Share<>(theirs, false);
        }
        try {
            mine.complete(work.get());
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
        } finally {
            forgetLater(key, mine);
        }
        return new Share<>(mine, true);
    }

    private void forgetLater(K key, CompletableFuture<V> result) {
        if (keepFor.isZero() || result.isCompletedExceptionally()) {
            running.remove(key, result);
        } else {
            CompletableFuture.delayedExecutor(keepFor.toMillis(), TimeUnit.MILLISECONDS).execute(() -> running.remove(key, result));
        }
    }
}
