package io.sparkadvisor.rules.infrastructure.memory;

import io.sparkadvisor.knowledge.cluster.NodePrices;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.rules.infrastructure.NodeMemory;
import io.sparkadvisor.rules.platform.Compute;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Optional;

/**
 * On Databricks classic compute the executor's heap is the node's: a smaller heap is a node type with the same
 * cores and less memory, which costs less per hour (the node-hours stay the same). The type comes from the
 * workspace's catalogue ({@link Compute#smallerNodeWith}); its price difference from {@link NodePrices}, when both
 * types are listed.
 *
 * @param proposed the smaller node type, empty when the catalogue has none that holds the need
 * @param dbuPerHourSaved DBU/hour saved per node, 0 when a price is unknown
 * @param dollarsPerHourSaved $/hour saved per node (DBUs and machine), 0 when a price is unknown
 * @param workerDollarsPerHour the worker's list $/hour, 0 when unknown
 */
record NodeChoice(Optional<NodeType> proposed, double dbuPerHourSaved, double dollarsPerHourSaved,
        double workerDollarsPerHour) {

    /** The choice for a worker whose executor needs {@code neededBytes} of heap; empty off Databricks classic compute. */
    static Optional<NodeChoice> of(Compute compute, long neededBytes, Thresholds t) {
        if (!compute.classicDatabricks() || compute.worker().isEmpty()) {
            return Optional.empty();
        }
        NodeType worker = compute.worker().get();
        double machineGb = NodeMemory.machineGbFor(neededBytes / (double) (1L << 30), compute.cloud(), t);
        Optional<NodeType> proposed = compute.smallerNodeWith(Math.round(machineGb * (1L << 30) / worker.numCores()));
        double workerDollarsPerHour = NodePrices.of(worker.nodeTypeId()).map(NodePrices::dollarsPerHour).orElse(0.0);
        Optional<NodePrices.Difference> more = proposed.flatMap(n -> NodePrices.between(worker.nodeTypeId(), n.nodeTypeId()));
        return Optional.of(new NodeChoice(proposed, more.map(d -> -d.dbuPerHour()).orElse(0.0),
                more.map(d -> -d.dollarsPerHour()).orElse(0.0), workerDollarsPerHour));
    }

    /** The share of the workers' list cost the smaller type saves, 0 when a price is unknown. */
    double savedShare() {
        return workerDollarsPerHour > 0 ? dollarsPerHourSaved / workerDollarsPerHour : 0;
    }
}
