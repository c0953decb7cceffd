package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Comparator;
import java.util.List;
import java.util.stream.StreamSupport;

/** Clusters API 2.1: get, list-node-types and events (offset paging with next_page), from clusters/, node-types.json, cluster-events/. */
final class EmulatedClusters {
    private final Folder folder;

    EmulatedClusters(Folder folder) {
        this.folder = folder;
    }

    Answer handle(Call call) {
        return switch (call.method() + " " + call.path()) {
            case "GET /api/2.1/clusters/get" -> folder.read("clusters/" + call.param("cluster_id") + ".json").map(Answer::json)
                    .orElseGet(() -> Answer.error(400, "INVALID_PARAMETER_VALUE", "Cluster " + call.param("cluster_id") + " does not exist"));
            case "GET /api/2.1/clusters/list-node-types" -> Answer.json(folder.read("node-types.json")
                    .orElseGet(() -> (ObjectNode) Folder.JSON.createObjectNode().set("node_types", Folder.JSON.createArrayNode())));
            case "POST /api/2.1/clusters/events" -> events(call);
            default -> null;
        };
    }

    private Answer events(Call call) {
        String clusterId = call.param("cluster_id");
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
}
