package io.sparkadvisor.knowledge.cluster;

/** The cloud a cluster runs on; it decides how much of a node's memory the platform keeps for itself. */
public enum Cloud {
    AWS, AZURE, GCP, UNKNOWN;

    /** From the node type name when the cluster JSON carries no {@code *_attributes} block. */
    public static Cloud fromNodeTypeId(String nodeTypeId) {
        if (nodeTypeId == null || nodeTypeId.isBlank()) {
            return UNKNOWN;
        }
        if (nodeTypeId.startsWith("Standard_")) {
            return AZURE;
        }
        if (nodeTypeId.matches("^(n1|n2|n2d|e2|c2|c2d|c3|m1|m2|a2|g2)-.*")) {
            return GCP;
        }
        return nodeTypeId.matches("^[a-z]+\\d[a-z]*\\.[0-9a-z]+$") ? AWS : UNKNOWN;
    }
}
