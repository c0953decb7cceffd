package io.sparkadvisor.knowledge.facts;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One micro-batch, from its progress event, with the Spark work that ran it.
 *
 * @param durationMs the parts of the batch as Spark times them: triggerExecution, latestOffset,
 *     getBatch, queryPlanning, walCommit, addBatch, commitOffsets (those the version writes)
 * @param sinkRows rows the sink wrote; -1 when the sink does not count them (v1 sinks, foreachBatch)
 * @param watermarkMs the event-time watermark, when the query has one
 * @param work the jobs, stages and tasks that ran the batch (by their job's streaming properties)
 */
public record MicroBatch(long batchId, long timestampMs, Map<String, Long> durationMs, long numInputRows,
        double inputRowsPerSecond, double processedRowsPerSecond, List<SourceProgress> sources,
        List<StateOperatorProgress> stateOperators, long sinkRows, Optional<Long> watermarkMs, BatchWork work) {

    public static final String TRIGGER_EXECUTION = "triggerExecution";

    /** The time the trigger took, 0 when the event does not say. */
    public long triggerExecutionMs() {
        return durationMs.getOrDefault(TRIGGER_EXECUTION, 0L);
    }

    /** The most offsets any source is behind the latest (Kafka), when a source reports it. */
    public Optional<Long> offsetsBehindLatest() {
        return sources.stream().flatMap(s -> s.offsetsBehindLatest().stream()).reduce(Long::max);
    }

    public long stateRowsTotal() {
        return stateOperators.stream().mapToLong(StateOperatorProgress::numRowsTotal).sum();
    }

    public long stateMemoryBytes() {
        return stateOperators.stream().mapToLong(StateOperatorProgress::memoryUsedBytes).sum();
    }
}
