package io.sparkadvisor.knowledge.facts;

/**
 * One point of a query's chart: consecutive micro-batches merged, their rates and durations averaged.
 *
 * @param firstBatchId the first batch merged
 * @param startMs when the first merged batch started
 * @param batches how many batches the point merges
 * @param inputRowsPerSecond mean arrival rate of the merged batches
 * @param processedRowsPerSecond mean processing rate of the merged batches
 * @param meanDurationMs mean trigger execution time
 * @param maxDurationMs the longest trigger execution among them
 */
public record BatchPoint(long firstBatchId, long startMs, int batches, double inputRowsPerSecond,
        double processedRowsPerSecond, double meanDurationMs, long maxDurationMs) {

    /** This point followed by {@code next}: one point over both. */
    public BatchPoint merge(BatchPoint next) {
        int n = batches + next.batches;
        return new BatchPoint(firstBatchId, startMs, n, mean(inputRowsPerSecond, next.inputRowsPerSecond, next),
                mean(processedRowsPerSecond, next.processedRowsPerSecond, next), mean(meanDurationMs, next.meanDurationMs, next),
                Math.max(maxDurationMs, next.maxDurationMs));
    }

    private double mean(double mine, double theirs, BatchPoint next) {
        return (mine * batches + theirs * next.batches) / (batches + next.batches);
    }

    public static BatchPoint of(MicroBatch b) {
        return new BatchPoint(b.batchId(), b.timestampMs(), 1, b.inputRowsPerSecond(), b.processedRowsPerSecond(),
                b.triggerExecutionMs(), b.triggerExecutionMs());
    }
}
