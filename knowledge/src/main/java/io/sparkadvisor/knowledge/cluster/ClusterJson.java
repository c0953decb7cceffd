package io.sparkadvisor.knowledge.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one parser of cluster shape, used offline ({@code --cluster}, {@code --node-types}) and online
 * (the SDK's objects serialised to the same JSON). Accepts {@code clusters/get}, a job's
 * {@code new_cluster} or a job cluster entry wrapping it.
 */
public final class ClusterJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ClusterJson() {}

    public static ClusterShape parse(String clusterJson, Optional<String> nodeTypesJson) {
        JsonNode root = read(clusterJson, "cluster");
        JsonNode c = root.has("new_cluster") ? root.get("new_cluster") : root;
        if (!c.has("node_type_id") && !c.has("num_workers") && !c.has("autoscale") && !c.has("spark_version")) {
            throw new IllegalArgumentException("the cluster JSON has none of node_type_id, num_workers, autoscale,"
                    + " spark_version; pass the output of clusters/get or a job's new_cluster");
        }
        Map<String, NodeType> catalogue = nodeTypesJson.map(ClusterJson::nodeTypes).orElse(Map.of());
        List<NodeType> offered = catalogue.values().stream().sorted(Comparator.comparing(NodeType::nodeTypeId)).toList();
        String nodeTypeId = c.path("node_type_id").asText("");
        String driverNodeTypeId = c.path("driver_node_type_id").asText(nodeTypeId);
        Map<String, String> sparkConf = strings(c.path("spark_conf"));
        int numWorkers = c.path("num_workers").asInt(0);
        JsonNode autoscale = c.path("autoscale");
        return new ClusterShape(c.path("cluster_id").asText(""), c.path("spark_version").asText(""), cloud(c, nodeTypeId),
                nodeTypeId, driverNodeTypeId, numWorkers, autoscale.path("min_workers").asInt(0),
                autoscale.path("max_workers").asInt(0), c.path("data_security_mode").asText(""),
                isSingleNode(c, sparkConf, numWorkers, autoscale), sparkConf, strings(c.path("spark_env_vars")),
                Optional.ofNullable(catalogue.get(nodeTypeId)), Optional.ofNullable(catalogue.get(driverNodeTypeId)),
                availability(c), c.path("runtime_engine").asText(""), offered);
    }

    /** The node catalogue of {@code clusters/list-node-types}, by node type id. */
    public static Map<String, NodeType> nodeTypes(String json) {
        JsonNode list = read(json, "node types").path("node_types");
        if (!list.isArray()) {
            throw new IllegalArgumentException("the node types JSON has no node_types array; pass the output of"
                    + " clusters/list-node-types");
        }
        Map<String, NodeType> out = new HashMap<>();
        for (JsonNode n : list) {
            String id = n.path("node_type_id").asText();
            out.put(id, new NodeType(id, n.path("num_cores").asDouble(), n.path("memory_mb").asLong(),
                    n.path("category").asText(""), n.path("is_deprecated").asBoolean(false), localDiskGb(n.path("node_instance_type"))));
        }
        return out;
    }

    /**
     * Instance-store disk of a node type: {@code local_disks} x {@code local_disk_size_gb}, or the NVMe pair where the
     * API reports the same disks that way (the larger of the two, so disks listed both ways count once).
     */
    private static long localDiskGb(JsonNode instance) {
        return Math.max(instance.path("local_disks").asLong(0) * instance.path("local_disk_size_gb").asLong(0),
                instance.path("local_nvme_disks").asLong(0) * instance.path("local_nvme_disk_size_gb").asLong(0));
    }

    private static boolean isSingleNode(JsonNode c, Map<String, String> sparkConf, int numWorkers, JsonNode autoscale) {
        if (c.path("is_single_node").asBoolean(false)) {
            return true;
        }
        boolean profile = "singleNode".equals(sparkConf.get("spark.databricks.cluster.profile"))
                || sparkConf.getOrDefault("spark.master", "").startsWith("local")
                || "SingleNode".equals(c.path("custom_tags").path("ResourceClass").asText());
        return profile || (numWorkers == 0 && autoscale.isMissingNode() && c.has("num_workers"));
    }

    private static Cloud cloud(JsonNode c, String nodeTypeId) {
        if (c.has("aws_attributes")) {
            return Cloud.AWS;
        }
        if (c.has("azure_attributes")) {
            return Cloud.AZURE;
        }
        if (c.has("gcp_attributes")) {
            return Cloud.GCP;
        }
        return Cloud.fromNodeTypeId(nodeTypeId);
    }

    private static String availability(JsonNode c) {
        for (String block : new String[] {"aws_attributes", "azure_attributes", "gcp_attributes"}) {
            String availability = c.path(block).path("availability").asText("");
            if (!availability.isEmpty()) {
                return availability;
            }
        }
        return "";
    }

    private static Map<String, String> strings(JsonNode object) {
        Map<String, String> out = new HashMap<>();
        object.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return Map.copyOf(out);
    }

    private static JsonNode read(String json, String what) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the " + what + " file is not valid JSON: " + e.getOriginalMessage());
        }
    }
}
