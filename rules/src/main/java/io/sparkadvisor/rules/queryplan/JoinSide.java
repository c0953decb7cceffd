package io.sparkadvisor.rules.queryplan;

import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One input of a join as the exchange that feeds it: a shuffle (Spark's Exchange, Photon's shuffle sink) or a
 * broadcast, reached from the join through operators that pass its rows on (sorts, projections, filters, AQE's
 * query stages and shuffle reads, Photon's exchange sources). An input fed by anything else (a reused exchange,
 * an aggregate, another join) has no exchange of its own for this join: it is not measured.
 *
 * @param left whether it is the join's left (first) input
 * @param exchange the exchange node
 * @param bytes the exchange's data size (rows as Spark holds them in memory)
 * @param rows the exchange's rows
 * @param sorts the Sort nodes between the join and the exchange
 */
public record JoinSide(boolean left, PlanNode exchange, long bytes, long rows, List<PlanNode> sorts) {
    /** Operators between a join and the exchange feeding it, by their Spark name (Photon's read as their twins). */
    private static final Set<String> PASS_THROUGH = Set.of("Sort", "Project", "Filter", "InputAdapter", "AQEShuffleRead",
            "CustomShuffleReader", "ShuffleQueryStage", "BroadcastQueryStage", "ColumnarToRow", "RowToColumnar",
            "ShuffleExchangeSource", "ShuffleMapStage");

    /** The join's two inputs, left first, each when an exchange feeds it; none for a join without two inputs. */
    public static List<Optional<JoinSide>> of(SqlExecutionFacts sql, PlanNode join) {
        List<PlanNode> children = sql.children(join.id());
        return children.size() != 2 ? List.of() : List.of(of(sql, children.get(0), true), of(sql, children.get(1), false));
    }

    private static Optional<JoinSide> of(SqlExecutionFacts sql, PlanNode top, boolean left) {
        List<PlanNode> sorts = new ArrayList<>();
        PlanNode node = top;
        while (true) {
            String twin = node.sparkTwin();
            if (twin.equals("BroadcastExchange")) {
                return Optional.of(new JoinSide(left, node, node.metric("data size").orElse(0L), node.outputRows().orElse(0L),
                        sorts));
            }
            Optional<ExchangeFacts> shuffle = exchange(sql, node);
            if (shuffle.isPresent()) {
                return Optional.of(new JoinSide(left, node, shuffle.get().dataSizeBytes(), shuffle.get().rowsOut(), sorts));
            }
            List<PlanNode> below = sql.children(node.id());
            boolean passes = PASS_THROUGH.contains(twin) || twin.startsWith("WholeStageCodegen");
            if (!passes || below.size() != 1) {
                return Optional.empty();
            }
            if (twin.equals("Sort")) {
                sorts.add(node);
            }
            node = below.get(0);
        }
    }

    private static Optional<ExchangeFacts> exchange(SqlExecutionFacts sql, PlanNode node) {
        return sql.exchanges().stream().filter(x -> x.nodeId() == node.id()).findFirst();
    }

    public String name() {
        return left ? "left" : "right";
    }

    /** Bytes the exchange wrote to shuffle files: the unit a run's shuffle write is measured in. */
    public long shuffleWrittenBytes() {
        return exchange.metric("shuffle bytes written").orElse(0L);
    }

    public long shuffleWriteTimeMs() {
        return exchange.metric("shuffle write time").orElse(0L);
    }

    public long sortTimeMs() {
        return sorts.stream().mapToLong(s -> s.metric("sort time").orElse(0L)).sum();
    }

    /** Bytes the sorts spilled (their in-memory form). */
    public long sortSpillBytes() {
        return sorts.stream().mapToLong(s -> s.metric("spill size").orElse(0L)).sum();
    }

    /** Driver time of a broadcast: collecting the rows, building the hashed relation, sending it. */
    public long broadcastTimeMs() {
        return exchange.metric("time to collect").orElse(0L) + exchange.metric("time to build").orElse(0L)
                + exchange.metric("time to broadcast").orElse(0L);
    }

    /**
     * What the run's broadcast joins broadcast: each one's build side, measured as the broadcast-join rule measures it (Spark's
     * BroadcastExchange or Photon's broadcasting exchange; a reused broadcast once, as the join reusing it has no
     * exchange of its own).
     */
    public static long broadcastBytes(RunView run) {
        return run.facts().sqlExecutions().stream().mapToLong(sql -> sql.nodes().stream().filter(JoinSide::broadcastJoin)
                .mapToLong(join -> built(JoinSide.of(sql, join), join.simpleString()).map(JoinSide::bytes).orElse(0L)).sum()).sum();
    }

    /** The side a broadcast join built its table from ({@code BuildLeft} / {@code BuildRight} in its plan string). */
    public static Optional<JoinSide> built(List<Optional<JoinSide>> sides, String simpleString) {
        int side = simpleString.contains("BuildLeft") ? 0 : simpleString.contains("BuildRight") ? 1 : -1;
        return side < 0 || sides.isEmpty() ? Optional.empty() : sides.get(side);
    }

    public static boolean broadcastJoin(PlanNode node) {
        return node.sparkTwin().startsWith("Broadcast") && node.isJoin();
    }
}
