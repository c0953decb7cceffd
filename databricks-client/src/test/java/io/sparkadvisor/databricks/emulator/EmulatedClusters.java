package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Comparator;
import java.util.List;
import java.util.stream.StreamSupport;

/**
 * Clusters API 2.1: get, list-node-types and events (offset paging with next_page), from clusters/,
 * node-types.json, cluster-events/. A cluster without a clusters/ file is a deleted one.
 */
final class EmulatedClusters {
    private final Folder folder;

    EmulatedClusters(Folder folder) {
        this.folder = folder;
    }

    Answer handle(Call call) {
        return switch (call.method() + " " + call.path()) {
            case "GET /api/2.1/clusters/get" -> folder.read("clusters/" + call.param("cluster_id") + ".json").map(Answer::json)
                    .orElseGet(() -> doesNotExist(call));
            case "GET /api/2.1/clusters/list-node-types" -> Answer.json(folder.read("node-types.json")
                    .orElseGet(() -> (ObjectNode) Folder.JSON.createObjectNode().set("node_types", Folder.JSON.createArrayNode())));
            case "POST /api/2.1/clusters/events" -> events(call);
            default -> null;
        };
    }

    /**
     * A cluster with no clusters/ file was deleted (or pruned 30 days after terminating): like the
     * real API, its events are gone with it, and asking for them is a 400, not an empty list.
     */
    private Answer events(Call call) {
        String clusterId = call.param("cluster_id");
        if (folder.read("clusters/" + clusterId + ".json").isEmpty()) {
            return doesNotExist(call);
        }
        long from = call.longParam("start_time", Long.MIN_VALUE);
        long to = call.longParam("end_time", Long.MAX_VALUE);
        JsonNode recorded = folder.read("cluster-events/" + clusterId + ".json").map(n -> n.path("events"))
                .orElse(Folder.JSON.createArrayNode());
        Comparator<JsonNode> byTime = Comparator.comparingLong(e -> e.path("timestamp").asLong());
        List<JsonNode> events = StreamSupport.stream(recorded.spliterator(), false)
                .filter(e -> e.path("timestamp").asLong() >= from && e.path("timestamp").asLong() <= to)
                .sorted("DESC".equals(call.param("order")) ? byTime.reversed() : byTime).toList();
        int offset = (int) call.longParam("offset", 0);
        int limit = (int) call.longParam("limit", 50);
        ObjectNode answer = Folder.JSON.createObjectNode();
        ArrayNode page = answer.putArray("events");
        events.stream().skip(offset).limit(limit).forEach(page::add);
        answer.put("total_count", events.size());
        if (offset + limit < events.size()) {
            answer.set("next_page", ((ObjectNode) call.body().deepCopy()).put("offset", offset + limit));
        }
        return Answer.json(answer);
    }

    private static Answer doesNotExist(Call call) {
        return Answer.error(400, "INVALID_PARAMETER_VALUE", "Cluster " + call.param("cluster_id") + " does not exist");
    }
}
