package io.sparkadvisor.knowledge.facts;

/**
 * The measures of a query's micro-batches that rules judge across batches.
 *
 * @param batchGapMs time between the starts of consecutive batches: its median is the trigger
 *     interval when batches keep up (the log does not name the trigger)
 * @param offsetsBehindLatest the most offsets any source was behind (batches that report it)
 * @param cpuShare executor CPU time over executor run time of the batch's tasks (batches with tasks)
 */
public record BatchSeries(SeriesSummary triggerExecutionMs, SeriesSummary batchGapMs, SeriesSummary numInputRows,
        SeriesSummary inputRowsPerSecond, SeriesSummary processedRowsPerSecond, SeriesSummary offsetsBehindLatest,
        SeriesSummary stateRowsTotal, SeriesSummary stateMemoryBytes, SeriesSummary cpuShare) {}
