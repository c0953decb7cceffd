package io.sparkadvisor.knowledge.facts;

/** Identity and lifetime of a Spark application. Times are epoch milliseconds; end is the last event seen when the log is truncated. */
public record ApplicationFacts(String id, String name, String sparkVersion, long startMs, long endMs) {
    public long durationMs() {
        return Math.max(0, endMs - startMs);
    }
}
