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

    /** Photon joins ({@code PhotonBroadcastHashJoin}, {@code PhotonShuffledHashJoin}, ...) are joins too. */
    public boolean isJoin() {
        String twin = sparkTwin();
        return twin.contains("Join") || twin.equals("CartesianProduct");
    }

    /** An operator Photon ran (its name starts with {@code Photon}). */
    public boolean photon() {
        return name.startsWith("Photon");
    }

    /**
     * The name of the Spark operator a Photon operator stands for ({@code PhotonScan parquet} is
     * {@code Scan parquet}, {@code PhotonAgg} is {@code HashAggregate}, {@code PhotonShuffleExchangeSink}
     * is {@code Exchange}); other nodes keep their name.
     */
    public String sparkTwin() {
        if (!photon()) {
            return name;
        }
        String rest = name.substring("Photon".length());
        String head = rest.split("\\s", 2)[0];
        String twin = PHOTON_TWINS.getOrDefault(head, head);
        return (twin + rest.substring(head.length())).trim();
    }

    private static final Map<String, String> PHOTON_TWINS = Map.ofEntries(Map.entry("Agg", "HashAggregate"),
            Map.entry("GroupingAgg", "HashAggregate"), Map.entry("ShuffleExchangeSink", "Exchange"),
            Map.entry("TopK", "TakeOrderedAndProject"), Map.entry("BroadcastExchange", "BroadcastExchange"));
}
