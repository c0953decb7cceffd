package io.sparkadvisor.rules.execution;

import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.platform.Compute;

/**
 * The heap one running task shares: executor heap divided by the tasks that run in it at once.
 * GC pressure and out-of-memory failures are both cured by giving each task more of it, either by
 * running fewer tasks per executor (same heap, fewer sharers) or by a larger heap, in the form the
 * {@link Compute} takes (on Databricks: spark.task.cpus and node types).
 */
public record TaskMemory(long heapBytes, int tasksPerExecutor, Compute compute) {
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
        return new TaskMemory(heap, Math.max(1, cores / Math.max(1, p.taskCpus())), Compute.of(run));
    }

    /** On compute whose executors the job shapes itself. */
    public TaskMemory(long heapBytes, int tasksPerExecutor) {
        this(heapBytes, tasksPerExecutor, Compute.selfManaged(1));
    }

    /** The change that halves the tasks sharing a heap. */
    public Change fewerTasks() {
        return compute.fewerTasksPerExecutor(halvedTasksPerExecutor());
    }

    /** The change that doubles the memory behind each core. */
    public Change moreHeap() {
        return compute.moreMemoryPerCore(2, doubledHeapSetting());
    }

    /** {@link #moreHeap()} in words: "r5.xlarge nodes (4 cores, 32.0 GiB)" or "a 2048m heap". */
    public String moreHeapWords() {
        return compute.moreMemoryPerCoreWords(2, doubledHeapSetting());
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
