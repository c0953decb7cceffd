package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;

/**
 * How executors fit on a worker node: executors per node = min(cores / executor cores, available
 * memory / executor memory); the cores left over never get an executor. JSON evidence keys:
 * nodeTypeId, nodeCores, nodeMemoryGb, availableMemoryGb, executorCores, executorMemoryGb,
 * executorsPerNode, usedCores, strandedCores, strandedShare, limitedBy, workers, strandedCoreHours,
 * proposedExecutorsPerNode, proposedExecutorCores, proposedExecutorMemoryGb.
 */
public record ExecutorPackingEvidence(String nodeTypeId, int nodeCores, double nodeMemoryGb, double availableGb,
        int executorCores, double executorMemoryGb, int executorsPerNode, int workers, long appDurationMs) {

    /** Needs the node type and an explicit executor shape; Databricks' default (one executor per node) packs by design. */
    public static List<ExecutorPackingEvidence> of(RunView run, Thresholds t) {
        Optional<ClusterShape> cluster = run.cluster();
        Optional<NodeType> node = cluster.flatMap(ClusterShape::workerNode);
        Optional<String> cores = run.sparkSetting("spark.executor.cores");
        Optional<String> memory = run.sparkSetting("spark.executor.memory");
        if (node.isEmpty() || cores.isEmpty() || memory.isEmpty()) {
            return List.of();
        }
        int nodeCores = (int) Math.round(node.get().numCores());
        int executorCores = Integer.parseInt(cores.get().trim());
        double executorGb = SparkProperties.parseBytes(memory.get(), 1L << 20) / (double) (1L << 30);
        double available = NodeMemory.availableGb(node.get(), cluster.get().cloud(), t);
        int perNode = (int) Math.min(nodeCores / Math.max(1, executorCores), Math.floor(available / executorGb));
        return List.of(new ExecutorPackingEvidence(node.get().nodeTypeId(), nodeCores, node.get().memoryGb(), available,
                executorCores, executorGb, perNode, Math.max(1, cluster.get().maxWorkers()), run.appDurationMs()));
    }

    public int usedCores() {
        return executorsPerNode * executorCores;
    }

    public int strandedCores() {
        return Math.max(0, nodeCores - usedCores());
    }

    public double strandedShare() {
        return (double) strandedCores() / Math.max(1, nodeCores);
    }

    public String limitedBy() {
        return executorsPerNode < nodeCores / Math.max(1, executorCores) ? "memory" : "cores";
    }

    public double strandedCoreHours() {
        return strandedCores() * (double) workers * appDurationMs / 3_600_000;
    }
}
