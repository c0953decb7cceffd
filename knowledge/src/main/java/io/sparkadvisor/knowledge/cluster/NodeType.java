package io.sparkadvisor.knowledge.cluster;

/**
 * A machine type from {@code clusters/list-node-types}: vCores and memory as the API reports them.
 * {@code deprecated} is the API's {@code is_deprecated}: such a type is refused for new clusters.
 */
public record NodeType(String nodeTypeId, double numCores, long memoryMb, String category, boolean deprecated) {
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
