package io.sparkadvisor.knowledge.facts;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One operator of a SQL execution's final physical plan, numbered depth-first from the root (0),
 * with its final metric values by Spark's metric name (timings in ms, sizes in bytes) and the
 * stages whose tasks updated those metrics. The facts JSON also carries {@code join} ({@link #isJoin()})
 * for its readers; reading the JSON back ignores it, as it follows from the name.
 */
@JsonIgnoreProperties(value = "join", allowGetters = true)
public record PlanNode(int id, int parentId, String name, String simpleString, Map<String, Long> metrics,
        Map<String, String> metadata, List<Integer> stageIds) {

    public Optional<Long> metric(String metricName) {
        return Optional.ofNullable(metrics.get(metricName));
    }

    public Optional<Long> outputRows() {
        return metric("number of output rows");
    }

    public boolean isJoin() {
        return name.contains("Join") || name.equals("CartesianProduct");
    }
}
