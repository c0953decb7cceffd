package io.sparkadvisor.rules.queryplan;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An operator that multiplies rows (a join, Generate or Expand) and the nearest filter above it
 * that throws most of them away: the work between the two existed only to be discarded.
 *
 * <p>JSON evidence keys of the cardinality-explosion finding: {@code operator}, {@code operatorNodeId},
 * {@code rowsIn}, {@code rowsOut}, {@code explosionFactor}, {@code filterNodeId}, {@code filterCondition}
 * (attribute ids removed), {@code inputConditions} (per input of the operator, in plan order, the parts of
 * the condition that read only that input: they can run before it), {@code conditionsAcross} (parts that
 * read several inputs or the operator's own output), {@code rowsIntoFilter}, {@code rowsKept},
 * {@code shareKept}, {@code stageWallMs}, {@code executionId}.
 */
public record CardinalityExplosionEvidence(long executionId, int operatorNodeId, String operator, long rowsIn,
        long rowsOut, int filterNodeId, String filterCondition, List<List<String>> inputConditions,
        List<String> conditionsAcross, long rowsIntoFilter, long rowsKept,
        List<Integer> stageIds, PlanStages stages, int slots, long appDurationMs) {
    public static List<CardinalityExplosionEvidence> of(RunView run) {
        List<CardinalityExplosionEvidence> out = new ArrayList<>();
        for (SqlExecutionFacts sql : run.facts().sqlExecutions()) {
            for (PlanNode op : sql.nodes()) {
                if (multipliesRows(op) && op.outputRows().isPresent()) {
                    laterFilter(sql, op).ifPresent(f -> out.add(of(run, sql, op, f)));
                }
            }
        }
        return out;
    }

    private static boolean multipliesRows(PlanNode n) {
        return n.isJoin() || n.name().equals("Generate") || n.name().equals("Expand");
    }

    /** The nearest Filter above the operator that reports its output rows. */
    private static Optional<PlanNode> laterFilter(SqlExecutionFacts sql, PlanNode op) {
        return sql.ancestors(op.id()).stream().filter(a -> a.name().equals("Filter") && a.outputRows().isPresent())
                .findFirst();
    }

    private static CardinalityExplosionEvidence of(RunView run, SqlExecutionFacts sql, PlanNode op, PlanNode filter) {
        String predicate = filter.simpleString().replaceFirst("^Filter\\s*", "");
        FilterParts parts = FilterParts.of(sql, op, predicate);
        return new CardinalityExplosionEvidence(sql.executionId(), op.id(), op.name(), sql.inputRows(op.id()),
                op.outputRows().orElse(0L), filter.id(), Conjuncts.readable(predicate), parts.byInput(),
                parts.across(), sql.inputRows(filter.id()), filter.outputRows().orElse(0L), op.stageIds(),
                PlanStages.of(run, op.stageIds()), run.slots(), run.appDurationMs());
    }

    /** The AND-ed parts of a predicate, each given to the first input of the operator that produces all its columns. */
    private record FilterParts(List<List<String>> byInput, List<String> across) {
        static FilterParts of(SqlExecutionFacts sql, PlanNode op, String predicate) {
            List<Set<String>> inputIds = sql.children(op.id()).stream().map(c -> attributeIdsUnder(sql, c)).toList();
            List<List<String>> byInput = new ArrayList<>();
            inputIds.forEach(i -> byInput.add(new ArrayList<>()));
            List<String> across = new ArrayList<>();
            for (String part : Conjuncts.split(predicate)) {
                int input = inputProducing(inputIds, Conjuncts.attributeIds(part));
                (input < 0 ? across : byInput.get(input)).add(Conjuncts.readable(part));
            }
            return new FilterParts(byInput, across);
        }

        /** Attribute ids named anywhere in a subtree: the columns that input can produce. */
        private static Set<String> attributeIdsUnder(SqlExecutionFacts sql, PlanNode node) {
            Set<String> ids = new HashSet<>(Conjuncts.attributeIds(node.simpleString()));
            sql.children(node.id()).forEach(c -> ids.addAll(attributeIdsUnder(sql, c)));
            return ids;
        }

        private static int inputProducing(List<Set<String>> inputIds, Set<String> ids) {
            for (int i = 0; i < inputIds.size() && !ids.isEmpty(); i++) {
                if (inputIds.get(i).containsAll(ids)) {
                    return i;
                }
            }
            return -1;
        }
    }

    /** Whether any part of the filter can run on an input before the operator. */
    public boolean hasInputConditions() {
        return inputConditions.stream().anyMatch(c -> !c.isEmpty());
    }

    public double explosionFactor() {
        return (double) rowsOut / Math.max(1, rowsIn);
    }

    public double shareKept() {
        return (double) rowsKept / Math.max(1, rowsIntoFilter);
    }

    public long stageWallMs() {
        return stages.wallMs();
    }
}
