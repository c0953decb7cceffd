package io.sparkadvisor.knowledge.facts;

import java.util.List;
import java.util.Optional;

/**
 * One Structured Streaming query of the run, from its StreamingQueryListener events (Spark 2.0.x
 * names too). A query of a week has hundreds of thousands of micro-batches, so nothing here grows
 * with them: the {@code first} and {@code last} batch, the {@code recent} window (the last
 * {@link #RECENT_WINDOW}, oldest first, as Spark's own UI keeps), whole-run {@code totals} and
 * per-measure {@code series} (quantile sketches and the trend by batch id).
 *
 * @param id the query's id (stable across restarts from its checkpoint)
 * @param runId the id of its latest run; {@code runs} counts the runs seen
 * @param name the query's name, empty when unnamed
 * @param startedMs when its latest run started (-1 when the log has no start event)
 * @param terminatedMs when its latest run stopped, or the application with it (-1 while it runs: the log ends first)
 * @param exception what stopped it, when it failed (first line, bounded)
 * @param trigger its trigger as the batches show it (the events do not name it)
 * @param chart the whole run's batches as at most 120 points, for a chart of rates and durations
 * @param recurringStages the stages its micro-batches ran, each summarised across the batches (only the latest
 *        batch's stages stay in {@link RunFacts#stages()})
 */
public record StreamingQueryFacts(String id, String runId, int runs, String name, long startedMs, long terminatedMs,
        Optional<String> exception, Optional<MicroBatch> first, Optional<MicroBatch> last, List<MicroBatch> recent,
        BatchTotals totals, BatchSeries series, StreamingTrigger trigger, List<BatchPoint> chart,
        List<RecurringStage> recurringStages) {

    /** As many batches as the history server keeps ({@code spark.sql.streaming.ui.retainedProgressUpdates}, 100). */
    public static final int RECENT_WINDOW = 100;

    public boolean running() {
        return terminatedMs < 0;
    }

    /**
     * How much more arrived than was processed over the recent batches: where a source reports its offsets behind
     * latest (Kafka), 1 + the backlog's growth / the rows read (a rate limit such as maxOffsetsPerTrigger keeps the
     * input and processed rates alike while the backlog grows); otherwise input rows per second over processed rows per
     * second. NaN when nothing was read or processed.
     */
    public double recentArrivalRatio() {
        return arrivalRatio(recent);
    }

    /** Input over processing over {@code batches}, as {@link #recentArrivalRatio()} measures the recent ones. */
    public static double arrivalRatio(List<MicroBatch> batches) {
        List<MicroBatch> reporting = batches.stream().filter(b -> b.offsetsBehindLatest().isPresent()).toList();
        long rows = batches.stream().mapToLong(MicroBatch::numInputRows).sum();
        if (reporting.size() >= 2 && rows > 0) {
            long growth = reporting.get(reporting.size() - 1).offsetsBehindLatest().orElseThrow()
                    - reporting.get(0).offsetsBehindLatest().orElseThrow();
            return 1 + (double) growth / rows;
        }
        double in = batches.stream().mapToDouble(MicroBatch::inputRowsPerSecond).sum();
        double processed = batches.stream().mapToDouble(MicroBatch::processedRowsPerSecond).sum();
        return processed > 0 ? in / processed : Double.NaN;
    }
}
