package io.sparkadvisor.knowledge.derive;

import io.sparkadvisor.knowledge.facts.Distribution;
import io.sparkadvisor.knowledge.facts.RecurringStage;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/** One recurring micro-batch stage while the log is read: sketches, sums and the top partition's tally, bounded. */
final class RecurringStageDraft {
    /** Distinct partitions tallied as a batch's largest; past this, new ones are not counted (a shuffle has far fewer). */
    static final int PARTITION_TALLY_LIMIT = 4096;

    private final String queryId;
    private final String name;
    private final int position;
    private long batches;
    private int lastStageId = -1;
    private final SeriesSketch wall = new SeriesSketch();
    private final SeriesSketch taskSkew = new SeriesSketch();
    private final SeriesSketch shuffleSkew = new SeriesSketch();
    private final SeriesSketch gcShare = new SeriesSketch();
    private final SeriesSketch medianTask = new SeriesSketch();
    private final SeriesSketch computeShare = new SeriesSketch();
    private final SeriesSketch queued = new SeriesSketch();
    private final SeriesSketch queuedShare = new SeriesSketch();
    private final Map<Integer, Long> topPartitions = new HashMap<>();
    private long batchesWithSpill;
    private final long[] totals = new long[TaskMetric.values().length];

    RecurringStageDraft(String queryId, String name, int position) {
        this.queryId = queryId;
        this.name = name;
        this.position = position;
    }

    /** A completed attempt of this stage in batch {@code batchId}; {@code topIndex} its largest task's partition (-1 none). */
    void add(long batchId, StageFacts s, int topIndex) {
        batches++;
        lastStageId = s.stageId();
        wall.add(batchId, s.wallMs());
        Distribution duration = s.metric(TaskMetric.DURATION);
        if (duration.count() >= 2) {
            taskSkew.add(batchId, (double) duration.max() / Math.max(1, duration.p50()));
        }
        Distribution bytes = s.metric(TaskMetric.SHUFFLE_READ_BYTES);
        Distribution records = s.metric(TaskMetric.SHUFFLE_READ_RECORDS);
        if (bytes.max() > 0 && bytes.count() >= 2) {
            shuffleSkew.add(batchId, Math.max((double) bytes.max() / Math.max(1, bytes.p50()),
                    (double) records.max() / Math.max(1, records.p50())));
        }
        if (topIndex >= 0 && (topPartitions.containsKey(topIndex) || topPartitions.size() < PARTITION_TALLY_LIMIT)) {
            topPartitions.merge(topIndex, 1L, Long::sum);
        }
        batchesWithSpill += s.sum(TaskMetric.MEMORY_BYTES_SPILLED) > 0 ? 1 : 0;
        medianTask.add(batchId, duration.p50());
        queued.add(batchId, s.queuedTaskMs());
        long runMs = s.sum(TaskMetric.EXECUTOR_RUN_TIME);
        if (runMs > 0) {
            long gcMs = s.sum(TaskMetric.JVM_GC_TIME);
            gcShare.add(batchId, (double) gcMs / runMs);
            computeShare.add(batchId, (double) (s.sum(TaskMetric.EXECUTOR_CPU_TIME) + gcMs) / runMs);
            queuedShare.add(batchId, (double) s.queuedTaskMs() / runMs);
        }
        for (TaskMetric m : TaskMetric.values()) {
            totals[m.ordinal()] += s.sum(m);
        }
    }

    RecurringStage build() {
        Map.Entry<Integer, Long> top = topPartitions.entrySet().stream()
                .max(Map.Entry.<Integer, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey((a, b) -> b - a)))
                .orElse(Map.entry(-1, 0L));
        return new RecurringStage(queryId, name, position, batches, lastStageId, wall.summary(), taskSkew.summary(),
                shuffleSkew.summary(), top.getKey(), top.getValue(), batchesWithSpill, taskTotals(), gcShare.summary(), medianTask.summary(), computeShare.summary(),
                queued.summary(), queuedShare.summary());
    }

    private Map<TaskMetric, Long> taskTotals() {
        Map<TaskMetric, Long> out = new EnumMap<>(TaskMetric.class);
        for (TaskMetric m : TaskMetric.values()) {
            out.put(m, totals[m.ordinal()]);
        }
        return Collections.unmodifiableMap(out);
    }
}
