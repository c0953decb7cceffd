package io.sparkadvisor.rules.infrastructure.memory;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.infrastructure.NodeMemory;
import io.sparkadvisor.rules.platform.Compute;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;

/**
 * Executor heap allocated against the largest heap any executor actually used (peak JVM heap from
 * executor metrics; an upper bound of live memory, since it includes garbage not yet collected).
 * In local mode the driver is the executor. On Databricks classic compute with a known worker node type (and no
 * executor heap set by hand in the cluster's spark_conf) the allocation is the node's memory available to its one
 * executor, and the remedy a smaller node type.
 *
 * @param allocatedBytes the heap setting, or on Databricks the worker node's memory available to the executor
 * @param peakHeapBytes the largest peak JVM heap of any executor
 * @param neededBytes the peak with {@code memory-overprovisioned.headroom} plus Spark's reserved memory
 * @param allocatedToNeeded allocated / needed heap
 * @param executors the executors (the driver in local mode)
 * @param proposedMemory the need rounded up to {@code memory-overprovisioned.roundingMb}, as a setting ({@code 1536m}, {@code 2g})
 * @param idleHeapGbHours heap allocated beyond the need, in GB-hours over the run's executors
 * @param nodeType on Databricks, the worker node type; empty elsewhere
 * @param proposedNodeType on Databricks, the catalogue's node type with the same cores and less memory that holds the
 *     need (the cheapest by list price when prices are known); empty when there is none or elsewhere
 * @param proposedNodeMemoryGb that type's memory
 * @param dbuPerHourSaved DBU/hour saved per node by that type, 0 when a price is unknown
 * @param dollarsPerHourSaved $/hour saved per node by that type (DBUs and machine, list prices), 0 when a price is unknown
 * @param workers the workers the saving counts (the largest size of an autoscaling cluster)
 * @param savedShare the share of the workers' list cost that type saves, 0 when a price is unknown
 * @param savedDollars dollars the run would have saved, 0 when a price is unknown
 * @param setting the heap setting's name: spark.executor.memory, or spark.driver.memory in local mode
 * @param executorCores cores of an executor
 * @param appDurationMs the run's duration
 */
public record MemoryEvidence(long allocatedBytes, long peakHeapBytes, long neededBytes, double allocatedToNeeded,
        int executors, String proposedMemory, double idleHeapGbHours, String nodeType, String proposedNodeType,
        double proposedNodeMemoryGb, double dbuPerHourSaved, double dollarsPerHourSaved, int workers, double savedShare,
        double savedDollars, @Internal String setting, @Internal int executorCores, @Internal long appDurationMs)
        implements Evidence {
    private static final double GIB = 1L << 30;
    private static final double MS_PER_HOUR = 3_600_000.0;

    /** The need is the peak heap with headroom plus Spark's reserved memory, both from the thresholds. */
    public static List<MemoryEvidence> of(RunView run, Thresholds t) {
        boolean local = run.facts().properties().isLocalMode();
        String setting = local ? "spark.driver.memory" : "spark.executor.memory";
        Compute compute = Compute.of(run);
        boolean heapSetByHand = run.cluster().flatMap(c -> c.sparkConf("spark.executor.memory")).isPresent();
        Optional<NodeType> node = compute.classicDatabricks() && !heapSetByHand ? compute.worker() : Optional.empty();
        Optional<Long> allocated = node.map(n -> (long) (NodeMemory.availableGb(n, compute.cloud(), t) * GIB))
                .or(() -> run.sparkBytes(setting, 1L << 20));
        List<ExecutorFacts> executors = run.facts().executors().stream()
                .filter(e -> local || !e.id().equals("driver")).toList();
        long peak = executors.stream().mapToLong(ExecutorFacts::peakJvmHeapBytes).max().orElse(0);
        if (allocated.isEmpty() || peak == 0) {
            return List.of(); // without executor metrics there is no evidence either way
        }
        long needed = (long) (peak * t.get(MemoryRule.HEADROOM)) + t.getLong(MemoryRule.RESERVED_MB) * (1L << 20);
        long rounding = t.getLong(MemoryRule.ROUNDING_MB) << 20;
        long proposed = (needed + rounding - 1) / rounding * rounding;
        String proposedText = proposed % (1L << 30) == 0 ? (proposed >> 30) + "g" : (proposed >> 20) + "m";
        long appDurationMs = run.appDurationMs();
        double idleGbHours = (allocated.get() - needed) / GIB * executors.size() * appDurationMs / MS_PER_HOUR;
        Optional<NodeChoice> choice = NodeChoice.of(compute, needed, t);
        Optional<NodeType> to = choice.flatMap(NodeChoice::proposed);
        int workers = Math.max(1, run.cluster().map(ClusterShape::maxWorkers).orElse(executors.size()));
        double dollarsPerHour = choice.map(NodeChoice::dollarsPerHourSaved).orElse(0.0);
        return List.of(new MemoryEvidence(allocated.get(), peak, needed, (double) allocated.get() / needed, executors.size(),
                proposedText, idleGbHours, node.map(NodeType::nodeTypeId).orElse(""), to.map(NodeType::nodeTypeId).orElse(""),
                to.map(NodeType::memoryGb).orElse(0.0), choice.map(NodeChoice::dbuPerHourSaved).orElse(0.0), dollarsPerHour,
                workers, choice.map(NodeChoice::savedShare).orElse(0.0), dollarsPerHour * workers * appDurationMs / MS_PER_HOUR,
                setting, run.workerCores(), appDurationMs));
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
