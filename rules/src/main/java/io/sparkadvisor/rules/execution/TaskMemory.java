package io.sparkadvisor.rules.execution;

import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.platform.Compute;
import io.sparkadvisor.rules.platform.RunMemory;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * The heap one running task shares: the executor heap of the run's {@link RunMemory} divided by the tasks that run in
 * it at once. GC pressure and out-of-memory failures are both cured by giving each task more of it, either by
 * running fewer tasks per executor (same heap, fewer sharers) or by a larger heap, in the form the
 * {@link Compute} takes (on Databricks: spark.task.cpus and node types).
 *
 * @param heapSetting the setting that sizes this heap: spark.executor.memory, or spark.driver.memory in local mode
 */
public record TaskMemory(long heapBytes, int tasksPerExecutor, Compute compute, String heapSetting) {
    private static final long MIB = 1L << 20;

    public static TaskMemory of(RunView run, Thresholds t) {
        SparkProperties p = run.facts().properties();
        RunMemory memory = run.memory(t);
        int cores = p.executorCores().orElseGet(() -> run.facts().executors().stream().mapToInt(ExecutorFacts::cores)
                .max().orElse(run.slots()));
        return new TaskMemory(memory.heapBytes(), Math.max(1, cores / Math.max(1, p.taskCpus())), Compute.of(run),
                memory.heapSetting());
    }

    /** On compute whose executors the job shapes itself. */
    public TaskMemory(long heapBytes, int tasksPerExecutor) {
        this(heapBytes, tasksPerExecutor, Compute.selfManaged(1), "spark.executor.memory");
    }

    /** The change that halves the tasks sharing a heap. */
    public Change fewerTasks() {
        return compute.fewerTasksPerExecutor(halvedTasksPerExecutor());
    }

    /** The changes that double the memory behind each core. */
    public List<Change> moreHeap() {
        return compute.moreMemoryPerCore(2, heapSetting, doubledHeapSetting());
    }

    /** {@link #moreHeap()} in words: "r5.xlarge nodes (4 cores, 32.0 GiB)" or "a 2048m heap". */
    public String moreHeapWords() {
        return compute.moreMemoryPerCoreWords(2, heapSetting, doubledHeapSetting());
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
