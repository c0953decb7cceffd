package io.sparkadvisor.rules.queryplan.cardinalityexplosion;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Exact;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.queryplan.Conjuncts;
import io.sparkadvisor.rules.queryplan.PlanStages;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An operator that multiplies rows (a join, Generate or Expand) and the nearest filter above it
 * that throws most of them away: the work between the two existed only to be discarded.
 *
 * @param operator the row-multiplying operator (a join, Generate or Expand)
 * @param operatorNodeId its node id in the SQL plan
 * @param rowsIn rows into the operator, summed over its inputs
 * @param rowsOut rows out of the operator
 * @param explosionFactor rowsOut / rowsIn
 * @param filterNodeId the node id of the nearest Filter above the operator
 * @param filterCondition the filter's condition, attribute ids removed
 * @param inputConditions per input of the operator, in plan order, the parts of the condition that read only that input: they can run before it
 * @param conditionsAcross the parts of the condition that read several inputs or the operator's own output
 * @param rowsIntoFilter rows into the filter
 * @param rowsKept rows out of the filter
 * @param shareKept rowsKept / rowsIntoFilter, not rounded: tiny by nature, three places would read 0
 * @param stageWallMs wall time of the stages that ran the operator
 * @param executionId the SQL execution of the plan
 * @param stageIds the stages that ran the operator
 * @param stages wall and task time of those stages
 * @param slots task slots of the run
 * @param appDurationMs the run's duration
 */
public record CardinalityExplosionEvidence(String operator, int operatorNodeId, long rowsIn, long rowsOut,
        double explosionFactor, int filterNodeId, String filterCondition, List<List<String>> inputConditions,
        List<String> conditionsAcross, long rowsIntoFilter, long rowsKept, @Exact double shareKept, long stageWallMs,
        long executionId, @Internal List<Integer> stageIds, @Internal PlanStages stages, @Internal int slots,
        @Internal long appDurationMs) implements Evidence {
    public static List<CardinalityExplosionEvidence> of(RunView run, Thresholds t) {
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
        return n.isJoin() || n.sparkTwin().equals("Generate") || n.sparkTwin().equals("Expand");
    }

    /** The nearest Filter above the operator that reports its output rows. */
    private static Optional<PlanNode> laterFilter(SqlExecutionFacts sql, PlanNode op) {
        return sql.ancestors(op.id()).stream().filter(a -> a.sparkTwin().equals("Filter") && a.outputRows().isPresent())
                .findFirst();
    }

    private static CardinalityExplosionEvidence of(RunView run, SqlExecutionFacts sql, PlanNode op, PlanNode filter) {
        String predicate = filter.simpleString().replaceFirst("^Filter\\s*", "");
        FilterParts parts = FilterParts.of(sql, op, predicate);
        long rowsIn = sql.inputRows(op.id());
        long rowsOut = op.outputRows().orElse(0L);
        long rowsIntoFilter = sql.inputRows(filter.id());
        long rowsKept = filter.outputRows().orElse(0L);
        PlanStages stages = PlanStages.of(run, op.stageIds());
        return new CardinalityExplosionEvidence(op.name(), op.id(), rowsIn, rowsOut, (double) rowsOut / Math.max(1, rowsIn),
                filter.id(), Conjuncts.readable(predicate), parts.byInput(), parts.across(), rowsIntoFilter, rowsKept,
                (double) rowsKept / Math.max(1, rowsIntoFilter), stages.wallMs(), sql.executionId(), op.stageIds(), stages,
                run.slots(), run.appDurationMs());
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

    /** The share of the run the operator's stages took. */
    public double shareOfRun() {
        return (double) stageWallMs / appDurationMs;
    }
}
