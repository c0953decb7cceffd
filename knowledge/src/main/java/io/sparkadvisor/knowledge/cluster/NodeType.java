package io.sparkadvisor.knowledge.cluster;

/**
 * A machine type from {@code clusters/list-node-types}: vCores and memory as the API reports them.
 * {@code deprecated} is the API's {@code is_deprecated}: such a type is refused for new clusters.
 * {@code localDiskGb} is the local (instance-store, NVMe or temporary) disk of its {@code node_instance_type}, where
 * Spark writes shuffle files and spill and Databricks keeps its disk cache; 0 when the type has none (EBS or
 * persistent disk only) or the catalogue does not say.
 */
public record NodeType(String nodeTypeId, double numCores, long memoryMb, String category, boolean deprecated,
        long localDiskGb) {
    public NodeType(String nodeTypeId, double numCores, long memoryMb, String category, boolean deprecated) {
        this(nodeTypeId, numCores, memoryMb, category, deprecated, 0);
    }

    public boolean hasLocalDisk() {
        return localDiskGb > 0;
    }

    public double memoryGb() {
        return memoryMb / 1024.0;
    }

    public int cores() {
        return (int) Math.round(numCores);
    }

    /** Memory per core in bytes. */
    public long memoryPerCoreBytes() {
        return Math.round(memoryMb * (double) (1 << 20) / Math.max(1, numCores));
    }
}
