package io.sparkadvisor.knowledge.cluster;

/** A machine type from {@code clusters/list-node-types}: vCores and memory as the API reports them. */
public record NodeType(String nodeTypeId, double numCores, long memoryMb, String category) {
    public double memoryGb() {
        return memoryMb / 1024.0;
    }
}
