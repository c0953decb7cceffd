package io.sparkadvisor.rules.infrastructure.executorpacking;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.infrastructure.MachineShares;
import io.sparkadvisor.rules.infrastructure.NodeMemory;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;

/**
 * How executors fit on a worker node: executors per node = min(cores / executor cores, available
 * memory / executor memory); the cores left over never get an executor. The proposal: as many
 * executors as the memory allows, rounded down to a divisor of the node's cores so every core gets
 * one, each with an equal share of the available memory.
 *
 * @param nodeTypeId the worker node type
 * @param nodeCores the node's cores
 * @param nodeMemoryGb the node's memory
 * @param availableMemoryGb the node's memory executors can use (see {@link NodeMemory})
 * @param executorCores spark.executor.cores
 * @param executorMemoryGb spark.executor.memory
 * @param executorsPerNode executors that fit on a node
 * @param usedCores cores of a node that run an executor
 * @param strandedCores cores of a node that never get one
 * @param strandedShare stranded cores / node cores
 * @param limitedBy what runs out first, {@code memory} or {@code cores}
 * @param workers the cluster's (maximum) workers
 * @param strandedCoreHours stranded cores x workers x the run's duration, in core-hours
 * @param proposedExecutorsPerNode executors per node of the proposed shape
 * @param proposedExecutorCores cores of each proposed executor
 * @param proposedExecutorMemoryGb memory of each proposed executor, whole GB
 * @param proposedWorkers workers that give the run the task slots it had once every core runs an executor: the bill
 *        sees the saving only when the cluster shrinks to them (the same nodes with more slots cost the same)
 * @param billedCoreHours core-hours of the workers the proposal lets go, over the run's duration: the saving the bill sees
 * @param machineMemUsedP90 the workers' memory used in the run's 90th percentile minute (0-1) from
 *        system.compute.node_timeline; 0 without its rows
 * @param appDurationMs the run's duration
 * @param autoscaling whether the cluster autoscales (its maximum is the workers)
 * @param machineMeasured whether node_timeline rows covered the run
 */
public record ExecutorPackingEvidence(String nodeTypeId, int nodeCores, double nodeMemoryGb, double availableMemoryGb,
        int executorCores, double executorMemoryGb, int executorsPerNode, int usedCores, int strandedCores,
        double strandedShare, String limitedBy, int workers, double strandedCoreHours, int proposedExecutorsPerNode,
        int proposedExecutorCores, int proposedExecutorMemoryGb, int proposedWorkers, double billedCoreHours,
        double machineMemUsedP90, @Internal long appDurationMs, @Internal boolean autoscaling, @Internal boolean machineMeasured)
        implements Evidence {

    private static final double MS_PER_HOUR = 3_600_000.0;

    /** Needs the node type and an explicit executor shape; Databricks' default (one executor per node) packs by design. */
    public static List<ExecutorPackingEvidence> of(RunView run, Thresholds t) {
        Optional<ClusterShape> cluster = run.cluster();
        Optional<NodeType> node = cluster.flatMap(ClusterShape::workerNode);
        Optional<Integer> cores = run.sparkInteger("spark.executor.cores");
        Optional<Long> memory = run.sparkBytes("spark.executor.memory", 1L << 20);
        if (node.isEmpty() || cores.isEmpty() || memory.isEmpty()) {
            return List.of();
        }
        int nodeCores = (int) Math.round(node.get().numCores());
        int executorCores = cores.get();
        double executorGb = memory.get() / (double) (1L << 30);
        double available = NodeMemory.availableGb(node.get(), cluster.get().cloud(), t);
        int perNode = (int) Math.min(nodeCores / Math.max(1, executorCores), Math.floor(available / executorGb));
        return List.of(of(node.get().nodeTypeId(), nodeCores, node.get().memoryGb(), available, executorCores, executorGb,
                perNode, cluster.get().billedWorkers(), run.appDurationMs(), cluster.get().autoscaling(),
                MachineShares.of(run.machineUse())));
    }

    static ExecutorPackingEvidence of(String nodeTypeId, int nodeCores, double nodeMemoryGb, double available,
            int executorCores, double executorGb, int perNode, int workers, long appDurationMs, boolean autoscaling,
            MachineShares machines) {
        int used = perNode * executorCores;
        int stranded = Math.max(0, nodeCores - used);
        String limitedBy = perNode < nodeCores / Math.max(1, executorCores) ? "memory" : "cores";
        int executors = largestDivisorAtMost(nodeCores, Math.max(1, perNode));
        int proposedWorkers = (int) Math.max(1, Math.ceil((double) used * workers / Math.max(1, nodeCores)));
        return new ExecutorPackingEvidence(nodeTypeId, nodeCores, nodeMemoryGb, available, executorCores, executorGb, perNode,
                used, stranded, (double) stranded / Math.max(1, nodeCores), limitedBy, workers,
                stranded * (double) workers * appDurationMs / MS_PER_HOUR, executors, nodeCores / executors,
                (int) Math.floor(available / executors), proposedWorkers,
                (workers - proposedWorkers) * (double) nodeCores * appDurationMs / MS_PER_HOUR, machines.memUsedP90(),
                appDurationMs, autoscaling, machines.measured());
    }

    static int largestDivisorAtMost(int n, int limit) {
        for (int d = Math.min(n, limit); d > 1; d--) {
            if (n % d == 0) {
                return d;
            }
        }
        return 1;
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
