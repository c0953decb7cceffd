package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The Query History API, {@code GET /api/2.0/sql/history/queries} (https://docs.databricks.com/api/workspace/queryhistory/list):
 * the served queries filtered by {@code filter_by.statement_ids}, with their {@code metrics} only when
 * {@code include_metrics=true}, at most {@code max_results} (100 by default, 1000 at most) a page.
 */
final class EmulatedQueryHistory {
    private final List<JsonNode> queries = new ArrayList<>();

    synchronized void serve(JsonNode served) {
        served.forEach(queries::add);
    }

    synchronized Answer handle(Call call) {
        if (!call.method().equals("GET") || !call.path().equals("/api/2.0/sql/history/queries")) {
            return null;
        }
        long max = call.longParam("max_results", 100);
        if (max < 1 || max > 1000) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", "max_results must be between 1 and 1000, not " + max);
        }
        String ids = call.param("filter_by.statement_ids");
        Set<String> wanted = ids == null ? null : Set.of(ids.split(","));
        boolean metrics = "true".equals(call.param("include_metrics"));
        ObjectNode answer = Folder.JSON.createObjectNode();
        ArrayNode res = answer.putArray("res");
        queries.stream().filter(q -> wanted == null || wanted.contains(q.path("query_id").asText())).limit(max).forEach(q -> {
            ObjectNode copy = q.deepCopy();
            if (!metrics) {
                copy.remove("metrics");
            }
            res.add(copy);
        });
        answer.put("has_next_page", false);
        return Answer.json(answer);
    }
}
