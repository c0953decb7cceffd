package io.sparkadvisor.bench;

import java.nio.file.Path;

/** One way of reading an event log, run repeatedly in its own JVM. */
interface Parser {
    /** Parses the whole file; the returned outcome keeps the parser's product alive so its size can be measured. */
    Outcome parse(Path file) throws Exception;

    /**
     * What one parse saw. {@code product} is what the parser built (facts, a status store, a
     * token count) and is held until the retained heap has been measured.
     */
    record Outcome(long events, long tasks, Object product, AutoCloseable close) {
        Outcome(long events, long tasks, Object product) {
            this(events, tasks, product, () -> {});
        }
    }
}
