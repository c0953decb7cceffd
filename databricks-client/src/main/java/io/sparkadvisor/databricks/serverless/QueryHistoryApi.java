package io.sparkadvisor.databricks.serverless;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.ListQueryHistoryRequest;
import com.databricks.sdk.service.sql.QueryFilter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.SdkCalls;
import io.sparkadvisor.databricks.SdkJson;
import java.util.List;

/**
 * The Query History API with metrics, for what {@code system.query.history} does not record: each statement's
 * Photon time ({@code photon_total_time_ms}). Statements are asked for by id, a page of at most 1000 at a time.
 */
public final class QueryHistoryApi {
    private static final int PAGE = 1000;
    private final WorkspaceClient client;

    public QueryHistoryApi(WorkspaceClient client) {
        this.client = client;
    }

    /** The API's answer for these statements ({@code {"res": [...]}}), every page's queries in one list. */
    public ObjectNode queries(List<String> statementIds) {
        ObjectNode answer = SdkJson.object("{}", "the Query History API's answer");
        ArrayNode res = answer.putArray("res");
        for (int from = 0; from < statementIds.size(); from += PAGE) {
            List<String> ids = statementIds.subList(from, Math.min(statementIds.size(), from + PAGE));
            var page = SdkCalls.call("the Query History API", () -> client.queryHistory().list(new ListQueryHistoryRequest()
                    .setIncludeMetrics(true).setMaxResults((long) PAGE).setFilterBy(new QueryFilter().setStatementIds(ids))));
            res.addAll((ArrayNode) SdkJson.object(SdkJson.write(page), "the Query History API's answer").path("res"));
        }
        return answer;
    }
}
