package io.sparkadvisor.rules.thresholds;

import java.util.List;

/** Thresholds of the rules in the execution layer: skew, spill, GC pressure, task failures. */
public final class ExecutionThresholds {
    public static final String SPILL_MIN_BYTES = "spill.minBytes";
    public static final String SPILL_LOW_RATIO = "spill.lowRatio";
    public static final String SPILL_MEDIUM_RATIO = "spill.mediumRatio";
    public static final String SPILL_HIGH_RATIO = "spill.highRatio";
    public static final String SPILL_MAX_TOP_TASK_SHARE = "spill.maxTopTaskShare";
    public static final String SPILL_DISK_BYTES_PER_SECOND = "spill.diskBytesPerSecond";
    public static final String SPILL_MAX_REMAINING_SHARE = "spill.maxRemainingShare";
    public static final String GC_MIN_GC_MS = "gc-pressure.minGcMs";
    public static final String GC_LOW_RATIO = "gc-pressure.lowRatio";
    public static final String GC_MEDIUM_RATIO = "gc-pressure.mediumRatio";
    public static final String GC_HIGH_RATIO = "gc-pressure.highRatio";
    public static final String GC_MAX_HEAP_SHARE_AFTER = "gc-pressure.maxHeapShareAfter";
    public static final String FAILURES_MIN_FAILED_ATTEMPTS = "task-failures.minFailedAttempts";
    public static final String FAILURES_LOW_RATE = "task-failures.lowRate";
    public static final String FAILURES_MEDIUM_RATE = "task-failures.mediumRate";
    public static final String FAILURES_HIGH_RATE = "task-failures.highRate";

    static final List<Threshold> DECLARED = List.of(
            new Threshold(SPILL_MIN_BYTES, 64L << 20, 0, 1L << 50, "bytes spilled from memory",
                    "A stage must spill at least this much before its spill ratio counts.",
                    "Spark AQE advisoryPartitionSizeInBytes = 64 MB: less spill than one target partition is noise (anchors §8)"),
            new Threshold(SPILL_LOW_RATIO, 0.01, 0, 100, "spilled bytes / max(input, shuffle read, shuffle write, output)",
                    "Spill is low severity from this ratio of memory spill to the stage's data.",
                    "Dr. Elephant tuning StagesAnalyzer execution-memory spill ladder 0.01/0.1/0.25/0.5 (anchors §3b, §8)"),
            new Threshold(SPILL_MEDIUM_RATIO, 0.1, 0, 100, "spilled bytes / stage data",
                    "Spill is medium severity from this ratio.",
                    "Dr. Elephant tuning spill ladder, moderate rung 0.1 (anchors §3b)"),
            new Threshold(SPILL_HIGH_RATIO, 0.25, 0, 100, "spilled bytes / stage data",
                    "Spill is high severity from this ratio (Dr. Elephant's severe and critical rungs).",
                    "Dr. Elephant tuning spill ladder, severe rung 0.25 (anchors §3b)"),
            new Threshold(SPILL_MAX_TOP_TASK_SHARE, 0.5, 0, 1, "fraction of the stage's spill",
                    "When one task holds more than this share of its stage's spill, the spill follows skew and is left to the skew rule: more partitions would not split the hot key.",
                    "Dr. Elephant tuning sizes memory from the non-skewed stage with the most spill (anchors §3b)"),
            new Threshold(SPILL_DISK_BYTES_PER_SECOND, 100L << 20, 1L << 20, 100L << 30, "bytes per second per task",
                    "Throughput of a task writing spill to local disk and reading it back, used only to estimate the saving.",
                    "spark-advisor default: a conservative share of a local SSD's few hundred MB/s, shared by the node's tasks"),
            new Threshold(SPILL_MAX_REMAINING_SHARE, 0.1, 0, 1, "x the baseline's spilled bytes",
                    "After more partitions the stage must spill at most this share of what it spilled before (follow-up check).",
                    "spark-advisor default: the partition count is sized for the working set to fit, so spill should fall"
                            + " by an order of magnitude, not by noise; the step's check says 'less than a tenth'"),
            new Threshold(GC_MIN_GC_MS, 5_000, 0, 86_400_000, "milliseconds of GC summed over the stage's tasks",
                    "A stage must spend at least this much task time in GC before its GC share counts.",
                    "DataFlint gates task-level alerts on 5 s (anchors §6.2, §8)"),
            new Threshold(GC_LOW_RATIO, 0.08, 0, 1, "GC time / executor run time",
                    "GC pressure is low severity from this share of task run time spent in GC.",
                    "Dr. Elephant ExecutorGcHeuristic ladder 0.08/0.1/0.15/0.2 (anchors §3b, §8)"),
            new Threshold(GC_MEDIUM_RATIO, 0.1, 0, 1, "GC time / executor run time",
                    "GC pressure is medium severity from this share. It is also the follow-up's bound: after a memory,"
                    + " executor-shape or spill step, GC must stay below it (the steps' checks say 10% of task time).",
                    "Dr. Elephant ExecutorGcHeuristic, moderate rung 0.1 (anchors §3b)"),
            new Threshold(GC_HIGH_RATIO, 0.15, 0, 1, "GC time / executor run time",
                    "GC pressure is high severity from this share (Dr. Elephant's severe and critical rungs).",
                    "Dr. Elephant ExecutorGcHeuristic, severe rung 0.15 (anchors §3b)"),
            new Threshold(GC_MAX_HEAP_SHARE_AFTER, 0.9, 0, 1, "peak JVM heap / heap setting",
                    "After a larger heap, the peak JVM heap must stay below this share of it (follow-up check): above it the"
                    + " heap is still full and collections keep running.",
                    "the gc-pressure heap step's check; Dr. Elephant's memory heuristics flag usage near the whole heap (anchors §3b)"),
            new Threshold(FAILURES_MIN_FAILED_ATTEMPTS, 2, 1, 1_000_000, "failed task attempts in the stage",
                    "A stage needs at least this many failed attempts (killed speculative copies excluded) before its failure rate counts: one retry is a preempted node, not a pattern.",
                    "spark-advisor default; Dr. Elephant counts OOM and killed containers separately for the same reason (anchors §3b)"),
            new Threshold(FAILURES_LOW_RATE, 0.05, 0, 1, "failed / (failed + successful) task attempts",
                    "Task failures are low severity from this failure rate.",
                    "Dr. Elephant tuning StagesAnalyzer task failure rate ladder 0.05/0.1/0.15/0.2 (anchors §3b, §8)"),
            new Threshold(FAILURES_MEDIUM_RATE, 0.1, 0, 1, "failed / all task attempts",
                    "Task failures are medium severity from this rate.",
                    "Dr. Elephant tuning failure-rate ladder, moderate rung 0.1 (anchors §3b)"),
            new Threshold(FAILURES_HIGH_RATE, 0.15, 0, 1, "failed / all task attempts",
                    "Task failures are high severity from this rate, and always when a task used up its retries.",
                    "Dr. Elephant tuning failure-rate ladder, severe rung 0.15 (anchors §3b)"));

    private ExecutionThresholds() {}
}
