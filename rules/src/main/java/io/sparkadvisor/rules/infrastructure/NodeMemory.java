package io.sparkadvisor.rules.infrastructure;

import static io.sparkadvisor.rules.thresholds.InfrastructureThresholds.*;

import io.sparkadvisor.knowledge.cluster.Cloud;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.rules.thresholds.Thresholds;

/**
 * Memory of a node that executors can use. The API reports only the machine's memory; the platform
 * keeps a fraction plus a floor for itself (more on GCP), as declared in the thresholds.
 */
final class NodeMemory {
    private NodeMemory() {}

    static double availableGb(NodeType node, Cloud cloud, Thresholds t) {
        boolean gcp = cloud == Cloud.GCP;
        double fraction = t.get(gcp ? RESERVED_FRACTION_GCP : RESERVED_FRACTION);
        double floor = t.get(gcp ? RESERVED_FLOOR_GB_GCP : RESERVED_FLOOR_GB);
        return Math.max(0, node.memoryGb() * (1 - fraction) - floor);
    }
}
