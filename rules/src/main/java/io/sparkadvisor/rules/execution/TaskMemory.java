package io.sparkadvisor.rules.execution;

import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.rules.advisor.RunView;

/**
 * The heap one running task shares: executor heap divided by the tasks that run in it at once.
 * GC pressure and out-of-memory failures are both cured by giving each task more of it, either by
 * running fewer tasks per executor (same heap, fewer sharers) or by a larger heap.
 */
public record TaskMemory(long heapBytes, int tasksPerExecutor) {
    private static final long MIB = 1L << 20;
    /** Spark's default executor and driver memory, used when the log does not set it. */
    private static final long DEFAULT_HEAP = 1024 * MIB;

    public static TaskMemory of(RunView run) {
        SparkProperties p = run.facts().properties();
        // In local mode the only executor lives in the driver's JVM, so the driver's heap is the one tasks share.
        String heapKey = p.isLocalMode() ? "spark.driver.memory" : "spark.executor.memory";
        long heap = p.bytes(heapKey, MIB).orElse(DEFAULT_HEAP);
        int cores = p.executorCores().orElseGet(() -> run.facts().executors().stream().mapToInt(ExecutorFacts::cores)
                .max().orElse(run.slots()));
        return new TaskMemory(heap, Math.max(1, cores / Math.max(1, p.taskCpus())));
    }

    public long perTaskBytes() {
        return heapBytes / tasksPerExecutor;
    }

    /** Concurrent tasks per executor that double each task's share, or 1 when already there. */
    public int halvedTasksPerExecutor() {
        return Math.max(1, tasksPerExecutor / 2);
    }

    /** A heap twice the current one, as a Spark memory setting in MiB (e.g. "2048m"). */
    public String doubledHeapSetting() {
        return (2 * heapBytes / MIB) + "m";
    }
}
