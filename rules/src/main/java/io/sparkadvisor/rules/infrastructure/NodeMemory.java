package io.sparkadvisor.rules.infrastructure;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.knowledge.cluster.Cloud;
import io.sparkadvisor.knowledge.cluster.NodeType;
import io.sparkadvisor.rules.thresholds.Threshold;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * Memory of a node that executors can use. The API reports only the machine's memory; the platform
 * keeps a fraction plus a floor for itself (more on GCP), as declared here. The {@code node.*}
 * thresholds are shared by the infrastructure rules that need a node's usable memory: each lists
 * {@link #THRESHOLDS} and the catalogue keeps one of each.
 */
public final class NodeMemory {
    public static final Threshold RESERVED_FRACTION = new Threshold("node.reservedMemoryFraction", 0.15, 0, 0.9,
            "fraction of node memory", "Memory Databricks keeps on AWS and Azure nodes (OS, services), besides the floor below.",
            OURS + "fits an i3.xlarge, whose 30.5 GB show as 24.9 GB available to Spark: 30.5 x 0.85 - 1");
    public static final Threshold RESERVED_FLOOR_GB = new Threshold("node.reservedMemoryFloorGb", 1, 0, 64, "GB",
            "Fixed part of the reserved memory on AWS and Azure nodes.",
            OURS + "fits an i3.xlarge (30.5 GB -> 24.9 GB available) with the fraction above");
    public static final Threshold RESERVED_FRACTION_GCP = new Threshold("node.reservedMemoryFractionGcp", 0.35, 0, 0.9,
            "fraction of node memory", "Memory Databricks keeps on GCP nodes, whose container platform takes more.",
            OURS + "fits an n1-highmem-4, whose 26 GB show as 15.3 GB available to Spark: 26 x 0.65 - 1.6");
    public static final Threshold RESERVED_FLOOR_GB_GCP = new Threshold("node.reservedMemoryFloorGbGcp", 1.6, 0, 64, "GB",
            "Fixed part of the reserved memory on GCP nodes.",
            OURS + "fits an n1-highmem-4 (26 GB -> 15.3 GB available) with the fraction above");

    /** The shared node-memory thresholds, for the threshold list of each rule that reads them. */
    public static final List<Threshold> THRESHOLDS = List.of(RESERVED_FRACTION, RESERVED_FLOOR_GB, RESERVED_FRACTION_GCP,
            RESERVED_FLOOR_GB_GCP);

    private NodeMemory() {}

    /** The machine memory a node needs for this much to be available to its executor: the inverse of {@link #availableGb}. */
    public static double machineGbFor(double availableGb, Cloud cloud, Thresholds t) {
        boolean gcp = cloud == Cloud.GCP;
        return (availableGb + t.get(gcp ? RESERVED_FLOOR_GB_GCP : RESERVED_FLOOR_GB)) / (1 - t.get(gcp ? RESERVED_FRACTION_GCP
                : RESERVED_FRACTION));
    }

    public static double availableGb(NodeType node, Cloud cloud, Thresholds t) {
        boolean gcp = cloud == Cloud.GCP;
        double fraction = t.get(gcp ? RESERVED_FRACTION_GCP : RESERVED_FRACTION);
        double floor = t.get(gcp ? RESERVED_FLOOR_GB_GCP : RESERVED_FLOOR_GB);
        return Math.max(0, node.memoryGb() * (1 - fraction) - floor);
    }
}
