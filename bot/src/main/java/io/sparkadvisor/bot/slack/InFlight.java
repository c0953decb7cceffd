package io.sparkadvisor.bot.slack;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Work keyed by what it is about, done once however many ask for it at the same time: the first
 * caller does it on its own thread, later callers get the same result when it is ready. Once done,
 * the key is free again, so a later ask sees fresh data.
 */
final class InFlight<K, V> {
    private final ConcurrentHashMap<K, CompletableFuture<V>> running = new ConcurrentHashMap<>();

    /** The shared result, and whether this caller did the work (then it is already complete). */
    record Share<V>(CompletableFuture<V> result, boolean didTheWork) {}

    Share<V> once(K key, Supplier<V> work) {
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
            running.remove(key, mine);
        }
        return new Share<>(mine, true);
    }
}
