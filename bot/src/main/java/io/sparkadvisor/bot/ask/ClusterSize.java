package io.sparkadvisor.bot.ask;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.NodeType;
import java.util.Optional;

/**
 * What a run's cluster held, driver included, so that a finding's core-hours or node-hours can be priced as a
 * share of what the run paid for. Workers are counted at the most the cluster can have (as the rules count them).
 * 0 when unknown: no cluster (a run outside Databricks), no node type (serverless: no nodes to count), or node
 * types the catalogue does not describe (cores).
 */
public record ClusterSize(int nodes, int cores) {
    public static final ClusterSize UNKNOWN = new ClusterSize(0, 0);
    private static final double MS_PER_HOUR = 3_600_000.0;

    public static ClusterSize of(Optional<ClusterShape> shape) {
        return shape.map(ClusterSize::of).orElse(UNKNOWN);
    }

    private static ClusterSize of(ClusterShape c) {
        if (c.nodeTypeId().isEmpty()) {
            return UNKNOWN;
        }
        int workers = c.singleNode() ? 0 : c.maxWorkers();
        Optional<NodeType> driver = c.driverNode().or(c::workerNode);
        int cores = driver.isEmpty() || (workers > 0 && c.workerNode().isEmpty()) ? 0
                : driver.get().cores() + workers * c.workerNode().map(NodeType::cores).orElse(0);
        return new ClusterSize(workers + 1, cores);
    }

    public double nodeHours(long runMs) {
        return nodes * (runMs / MS_PER_HOUR);
    }

    public double coreHours(long runMs) {
        return cores * (runMs / MS_PER_HOUR);
    }
}
