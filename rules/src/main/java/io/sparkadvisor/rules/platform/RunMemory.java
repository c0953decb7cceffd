package io.sparkadvisor.rules.platform;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.infrastructure.NodeMemory;
import io.sparkadvisor.rules.thresholds.Threshold;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;

/**
 * The one view of a run's memory that every memory rule reads (gc-pressure and spill, which raise it; memory-overprovisioned,
 * which lowers it), so that one report cannot say both "more heap" and "the heap is too big": what each executor was
 * given, on and off the JVM heap, against what the run's own telemetry says it used.
 *
 * <p>The heap is the node's memory available to its one executor on Databricks classic compute with a known worker node
 * type and no heap set by hand (less the off-heap share, which comes out of the same node); elsewhere the heap setting of
 * the run (the driver's in local mode, where the only executor lives in the driver's JVM), Spark's 1 GiB when unset.
 *
 * @param heapBytes the JVM heap of one executor
 * @param offHeapBytes {@code spark.memory.offHeap.size} when {@code spark.memory.offHeap.enabled} (Photon's memory), else 0
 * @param peakHeapBytes the largest peak JVM heap of an executor (includes garbage not yet collected)
 * @param peakOffHeapBytes the largest off-heap execution plus storage peak of an executor
 * @param peakExecutionBytes the largest on-heap execution-memory peak of an executor
 * @param nodeSized the heap is the worker node's (Databricks classic), so more or less of it is a node type
 * @param local the run was Spark's local mode and no cluster says otherwise ({@code --cluster} replaces the shape a
 *     local log implies): its one executor is the driver's JVM
 * @param heapSetting spark.executor.memory, or spark.driver.memory in local mode
 */
public record RunMemory(long heapBytes, long offHeapBytes, long peakHeapBytes, long peakOffHeapBytes,
        long peakExecutionBytes, boolean nodeSized, boolean local, String heapSetting) {
    public static final Threshold HEAP_NEAR_LIMIT = new Threshold("memory.heapNearLimitShare", 0.8, 0.1, 1,
            "peak JVM heap / heap",
            "Memory is raised (a larger heap or a node type with more memory per core) only when the peak JVM heap reached"
                    + " this share of the heap; below it GC and spill come from how the heap is shared and used (cores per"
                    + " executor, partition size, object churn, spark.memory.fraction), and memory-overprovisioned may"
                    + " call the heap too big.",
            OURS + "G1 keeps a 10% reserve (G1ReservePercent) and collects concurrently well before the heap fills: a peak"
                    + " (garbage included) that stays under four fifths of the heap never pressed against its limit");
    /** The shared memory thresholds, for the threshold list of each rule that reads this view. */
    public static final List<Threshold> THRESHOLDS = List.of(HEAP_NEAR_LIMIT);

    private static final long MIB = 1L << 20;
    /** Spark's default executor and driver memory, used when the run does not set it. */
    private static final long DEFAULT_HEAP = 1024 * MIB;

    public static RunMemory of(RunView run, Thresholds t) {
        boolean local = run.facts().properties().isLocalMode() && run.cluster().isEmpty();
        String setting = local ? "spark.driver.memory" : "spark.executor.memory";
        long offHeap = run.sparkSetting("spark.memory.offHeap.enabled").filter(Boolean::parseBoolean).isPresent()
                ? run.sparkBytes("spark.memory.offHeap.size", 1).orElse(0L) : 0;
        Compute compute = Compute.of(run);
        boolean heapSetByHand = run.cluster().flatMap(c -> c.sparkConf("spark.executor.memory")).isPresent();
        Optional<NodeType> node = compute.classicDatabricks() && !heapSetByHand ? compute.worker() : Optional.empty();
        long heap = node.map(n -> Math.max(MIB, (long) (NodeMemory.availableGb(n, compute.cloud(), t) * (1L << 30)) - offHeap))
                .or(() -> run.sparkBytes(setting, MIB)).orElse(DEFAULT_HEAP);
        List<ExecutorFacts> executors = taskExecutors(run);
        return new RunMemory(heap, offHeap, max(executors, ExecutorFacts::peakJvmHeapBytes),
                max(executors, ExecutorFacts::peakOffHeapUnifiedBytes), max(executors, ExecutorFacts::peakOnHeapExecutionBytes),
                node.isPresent(), local, setting);
    }

    /** The executors that ran tasks: the driver only in a local-mode log, where it is the executor. */
    public static List<ExecutorFacts> taskExecutors(RunView run) {
        boolean local = run.facts().properties().isLocalMode();
        return run.facts().executors().stream().filter(e -> local || !e.id().equals("driver")).toList();
    }

    private static long max(List<ExecutorFacts> executors, java.util.function.ToLongFunction<ExecutorFacts> peak) {
        return executors.stream().mapToLong(peak).max().orElse(0);
    }

    /** Whether executor metrics were logged at all: without them the run says nothing about its memory use. */
    public boolean measured() {
        return peakHeapBytes > 0;
    }

    public double heapUsedShare() {
        return (double) peakHeapBytes / Math.max(1, heapBytes);
    }

    /** The heap was used near its limit: the only case in which more memory is the remedy. */
    public boolean heapNearLimit(Thresholds t) {
        return measured() && heapUsedShare() >= t.get(HEAP_NEAR_LIMIT);
    }

    /** Off-heap memory (Photon's) was given but its use not logged: the run's total memory use is unknown. */
    public boolean offHeapUnmeasured() {
        return offHeapBytes > 0 && peakOffHeapBytes == 0;
    }

    /** Memory an executor was given, on and off the heap. */
    public long allocatedBytes() {
        return heapBytes + offHeapBytes;
    }

    /** The most an executor used, on and off the heap. */
    public long peakUsedBytes() {
        return peakHeapBytes + peakOffHeapBytes;
    }

    /** Whether any stage of the run wrote to the executors' local disk: shuffle files or spill. */
    static boolean wroteLocalDisk(List<StageFacts> stages) {
        return stages.stream().anyMatch(s -> s.sum(TaskMetric.SHUFFLE_WRITE_BYTES) > 0 || s.sum(TaskMetric.DISK_BYTES_SPILLED) > 0);
    }
}
