package io.sparkadvisor.bot.access;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A small cache whose answers expire after {@code ttl} and which keeps at most {@code capacity}
 * of them (least recently used go first): a person's identity may change (a new group, a removed
 * user), so it is asked again after a few minutes, and a team of any size cannot grow it unbounded.
 */
final class Expiring<K, V> {
    private record Entry<V>(V value, Instant expires) {
    }

    private final Duration ttl;
    private final Clock clock;
    private final Map<K, Entry<V>> entries;

    Expiring(Duration ttl, int capacity, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, Entry<V>> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The kept answer, or {@code load}'s (kept when it returns; a failure is not kept). */
    V get(K key, Function<K, V> load) {
        Instant now = clock.instant();
        synchronized (entries) {
            Optional<Entry<V>> kept = Optional.ofNullable(entries.get(key)).filter(e -> e.expires().isAfter(now));
            if (kept.isPresent()) {
                return kept.get().value();
            }
        }
        V value = load.apply(key);
        synchronized (entries) {
            entries.put(key, new Entry<>(value, now.plus(ttl)));
        }
        return value;
    }
}
