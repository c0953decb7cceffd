package io.sparkadvisor.knowledge.derive;

import io.sparkadvisor.knowledge.facts.BatchSeries;
import io.sparkadvisor.knowledge.facts.BatchTotals;
import io.sparkadvisor.knowledge.facts.BatchWork;
import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.RecurringStage;
import io.sparkadvisor.knowledge.facts.StateOperatorProgress;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.knowledge.facts.StreamingTrigger;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One streaming query while the log is read: bounded whatever the number of its batches. */
final class QueryDraft {
    private final String id;
    private String runId = "";
    private int runs;
    private String name = "";
    private long startedMs = -1;
    private long terminatedMs = -1;
    private String exception;
    private MicroBatch first;
    private MicroBatch last;
    private final ArrayDeque<MicroBatch> recent = new ArrayDeque<>();
    private long batches;
    private long emptyBatches;
    private long idleEvents;
    private long inputRows;
    private final Map<String, Long> durationTotals = new LinkedHashMap<>();
    private long stateRowsRemoved;
    private long rowsDropped;
    private BatchWork work = BatchWork.NONE;
    private final SeriesSketch triggerMs = new SeriesSketch();
    private final SeriesSketch gapMs = new SeriesSketch();
    private final SeriesSketch rows = new SeriesSketch();
    private final SeriesSketch inputRate = new SeriesSketch();
    private final SeriesSketch processedRate = new SeriesSketch();
    private final SeriesSketch behind = new SeriesSketch();
    private final SeriesSketch stateRows = new SeriesSketch();
    private final SeriesSketch stateMemory = new SeriesSketch();
    private final SeriesSketch cpuShare = new SeriesSketch();
    private final ChartSeries chart = new ChartSeries();
    private long waitedBatches;
    private long rowsBeforeLastMin = -1;
    private long rowsBeforeLastMax = -1;

    QueryDraft(String id) {
        this.id = id;
    }

    void started(String run, String queryName, long atMs) {
        if (!run.isEmpty() && !run.equals(runId) || runs == 0) {
            runs++;
        }
        runId = run;
        name = queryName;
        startedMs = atMs;
        terminatedMs = -1;
        exception = null;
    }

    void terminated(String run, long atMs, String failure) {
        if (!run.isEmpty()) {
            runId = run;
        }
        terminatedMs = atMs;
        exception = failure == null || failure.isBlank() ? null : firstLine(failure);
    }

    void idle() {
        idleEvents++;
    }

    /** Names a query that no start event named (Spark 2.0.x, or a log cut before the start). */
    void seen(String run, String queryName) {
        if (runs == 0) {
            started(run, queryName, -1);
        }
    }

    void batch(MicroBatch b) {
        long x = b.batchId();
        if (last != null && b.timestampMs() > 0 && last.timestampMs() > 0) {
            gapMs.add(x, b.timestampMs() - last.timestampMs());
            waitedBatches += b.timestampMs() - last.timestampMs() - last.triggerExecutionMs() > TriggerInference.WAITED_MS ? 1 : 0;
        }
        if (last != null) {
            long before = last.numInputRows();
            rowsBeforeLastMin = rowsBeforeLastMin < 0 ? before : Math.min(rowsBeforeLastMin, before);
            rowsBeforeLastMax = Math.max(rowsBeforeLastMax, before);
        }
        chart.add(b);
        if (first == null) {
            first = b;
        }
        last = b;
        recent.addLast(b);
        if (recent.size() > StreamingQueryFacts.RECENT_WINDOW) {
            recent.removeFirst();
        }
        batches++;
        emptyBatches += b.numInputRows() == 0 ? 1 : 0;
        inputRows += b.numInputRows();
        b.durationMs().forEach((part, ms) -> durationTotals.merge(part, ms, Long::sum));
        for (StateOperatorProgress op : b.stateOperators()) {
            stateRowsRemoved += op.numRowsRemoved();
            rowsDropped += op.numRowsDroppedByWatermark();
        }
        work = work.plus(b.work());
        if (b.durationMs().containsKey(MicroBatch.TRIGGER_EXECUTION)) {
            triggerMs.add(x, b.triggerExecutionMs());
        }
        rows.add(x, b.numInputRows());
        inputRate.add(x, b.inputRowsPerSecond());
        processedRate.add(x, b.processedRowsPerSecond());
        b.offsetsBehindLatest().ifPresent(v -> behind.add(x, v));
        if (!b.stateOperators().isEmpty()) {
            stateRows.add(x, b.stateRowsTotal());
            stateMemory.add(x, b.stateMemoryBytes());
        }
        if (b.work().executorRunTimeMs() > 0) {
            cpuShare.add(x, (double) b.work().executorCpuTimeMs() / b.work().executorRunTimeMs());
        }
    }

    String id() {
        return id;
    }

    long batchCount() {
        return batches;
    }

    /** {@code batchUnderWay}: a batch of this query had started jobs but reported no progress when the log ended. */
    StreamingQueryFacts build(long appEndMs, boolean batchUnderWay, List<RecurringStage> recurringStages) {
        long stoppedMs = terminatedMs < 0 && appEndMs >= 0 ? appEndMs : terminatedMs;
        BatchTotals totals = new BatchTotals(batches, emptyBatches, idleEvents, inputRows,
                Collections.unmodifiableMap(new LinkedHashMap<>(durationTotals)), stateRowsRemoved, rowsDropped, work);
        BatchSeries series = new BatchSeries(triggerMs.summary(), gapMs.summary(), rows.summary(), inputRate.summary(),
                processedRate.summary(), behind.summary(), stateRows.summary(), stateMemory.summary(), cpuShare.summary());
        List<MicroBatch> window = List.copyOf(recent);
        TriggerInference.Run run = new TriggerInference.Run(batches, waitedBatches, emptyBatches + idleEvents,
                terminatedMs >= 0 && exception == null && !batchUnderWay, rowsBeforeLastMin, rowsBeforeLastMax);
        StreamingTrigger trigger = last == null ? StreamingTrigger.UNKNOWN
                : TriggerInference.infer(run, last, first.batchId(), window);
        return new StreamingQueryFacts(id, runId, runs, name, startedMs, stoppedMs, Optional.ofNullable(exception),
                Optional.ofNullable(first), Optional.ofNullable(last), window, totals, series, trigger, chart.points(),
                recurringStages);
    }

    private static String firstLine(String text) {
        String line = text.strip().split("\n", 2)[0];
        return line.length() > 500 ? line.substring(0, 500) + "…" : line;
    }
}
