package io.sparkadvisor.rules.infrastructure.memory;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.infrastructure.MachineShares;
import io.sparkadvisor.rules.platform.Compute;
import io.sparkadvisor.rules.platform.RunMemory;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;

/**
 * Executor memory allocated against the most any executor actually used, both from the run's one view of memory
 * ({@link RunMemory}, which gc-pressure and spill read too): the heap plus the off-heap memory Photon and
 * {@code spark.memory.offHeap.enabled} use, against the peak JVM heap (an upper bound of live memory, since it includes
 * garbage not yet collected) plus the off-heap peak. A run whose off-heap use was not logged gives no evidence: its
 * total use is unknown. In local mode the driver is the executor. On Databricks classic compute with a known worker
 * node type (and no executor heap set by hand in the cluster's spark_conf) the allocation is the node's memory
 * available to its one executor, and the remedy a smaller node type.
 *
 * @param allocatedBytes the heap setting, or on Databricks the worker node's memory available to the executor, plus off-heap
 * @param peakHeapBytes the largest peak JVM heap of any executor
 * @param offHeapBytes of the allocation, the off-heap memory (spark.memory.offHeap.size; Photon's)
 * @param peakOffHeapBytes the largest off-heap execution plus storage peak of any executor
 * @param neededBytes the peak (heap and off-heap) with {@code memory-overprovisioned.headroom} plus Spark's reserved memory
 * @param allocatedToNeeded allocated / needed heap
 * @param executors the executors (the driver in local mode)
 * @param proposedMemory the need rounded up to {@code memory-overprovisioned.roundingMb}, as a setting ({@code 1536m}, {@code 2g})
 * @param idleHeapGbHours heap allocated beyond the need, in GB-hours over the run's executors
 * @param nodeType on Databricks, the worker node type; empty elsewhere
 * @param proposedNodeType on Databricks, the catalogue's priced node type with the same cores and less memory that holds
 *     the need, the cheapest by list price, with local disk when the run used the worker's; empty when there is none or elsewhere
 * @param proposedNodeMemoryGb that type's memory
 * @param dbuPerHourSaved DBU/hour saved per node by that type, 0 when a price is unknown
 * @param dollarsPerHourSaved $/hour saved per node by that type (DBUs and machine, list prices), 0 when a price is unknown
 * @param workers the workers the saving counts (the largest size of an autoscaling cluster)
 * @param savedShare the share of the workers' list cost that type saves, 0 when a price is unknown
 * @param savedDollars dollars the run would have saved, 0 when a price is unknown
 * @param machineMemUsedP90 the workers' memory used in the run's 90th percentile minute (0-1) from
 *     system.compute.node_timeline: the JVM and whatever else ran on the node; 0 without its rows
 * @param setting the heap setting's name: spark.executor.memory, or spark.driver.memory in local mode
 * @param executorCores cores of an executor
 * @param appDurationMs the run's duration
 * @param compute the run's compute: the node-type step's catalogue, local disk and driver
 * @param machineMeasured whether node_timeline rows covered the run: then the machines' memory must be idle too
 */
public record MemoryEvidence(long allocatedBytes, long peakHeapBytes, long offHeapBytes, long peakOffHeapBytes,
        long neededBytes, double allocatedToNeeded,
        int executors, String proposedMemory, double idleHeapGbHours, String nodeType, String proposedNodeType,
        double proposedNodeMemoryGb, double dbuPerHourSaved, double dollarsPerHourSaved, int workers, double savedShare,
        double savedDollars, double machineMemUsedP90, @Internal String setting, @Internal int executorCores,
        @Internal long appDurationMs, @Internal Compute compute, @Internal boolean machineMeasured) implements Evidence {
    private static final double GIB = 1L << 30;
    private static final double MS_PER_HOUR = 3_600_000.0;

    /** The need is the peak heap with headroom plus Spark's reserved memory, both from the thresholds. */
    public static List<MemoryEvidence> of(RunView run, Thresholds t) {
        RunMemory memory = run.memory(t);
        Compute compute = Compute.of(run);
        if (!memory.measured() || memory.offHeapUnmeasured()) {
            return List.of(); // without executor metrics (or off-heap ones where off-heap was given) there is no evidence either way
        }
        Optional<NodeType> node = memory.nodeSized() ? compute.worker() : Optional.empty();
        long allocated = memory.allocatedBytes();
        int executors = RunMemory.taskExecutors(run).size();
        long needed = (long) (memory.peakUsedBytes() * t.get(MemoryRule.HEADROOM)) + t.getLong(MemoryRule.RESERVED_MB) * (1L << 20);
        long rounding = t.getLong(MemoryRule.ROUNDING_MB) << 20;
        long proposed = (needed + rounding - 1) / rounding * rounding;
        String proposedText = proposed % (1L << 30) == 0 ? (proposed >> 30) + "g" : (proposed >> 20) + "m";
        long appDurationMs = run.appDurationMs();
        double idleGbHours = (allocated - needed) / GIB * executors * appDurationMs / MS_PER_HOUR;
        Optional<NodeChoice> choice = node.flatMap(n -> NodeChoice.of(compute, needed, t));
        Optional<NodeType> to = choice.flatMap(NodeChoice::proposed);
        int workers = Math.max(1, run.cluster().map(ClusterShape::maxWorkers).orElse(executors));
        double dollarsPerHour = choice.map(NodeChoice::dollarsPerHourSaved).orElse(0.0);
        MachineShares machines = MachineShares.of(run.machineUse());
        return List.of(new MemoryEvidence(allocated, memory.peakHeapBytes(), memory.offHeapBytes(), memory.peakOffHeapBytes(),
                needed, (double) allocated / needed, executors,
                proposedText, idleGbHours, node.map(NodeType::nodeTypeId).orElse(""), to.map(NodeType::nodeTypeId).orElse(""),
                to.map(NodeType::memoryGb).orElse(0.0), choice.map(NodeChoice::dbuPerHourSaved).orElse(0.0), dollarsPerHour,
                workers, choice.map(NodeChoice::savedShare).orElse(0.0), dollarsPerHour * workers * appDurationMs / MS_PER_HOUR,
                machines.memUsedP90(), memory.heapSetting(), run.workerCores(), appDurationMs, compute, machines.measured()));
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }

    public double allocatedGb() {
        return allocatedBytes / GIB;
    }

    /** The remedy is a node type: Databricks classic compute with a known worker node type. */
    public boolean nodeSized() {
        return !nodeType.isEmpty();
    }
}
