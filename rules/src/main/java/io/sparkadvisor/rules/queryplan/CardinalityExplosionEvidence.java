package io.sparkadvisor.rules.queryplan;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An operator that multiplies rows (a join, Generate or Expand) and the nearest filter above it
 * that throws most of them away: the work between the two existed only to be discarded.
 *
 * <p>JSON evidence keys of the cardinality-explosion finding: {@code operator}, {@code operatorNodeId},
 * {@code rowsIn}, {@code rowsOut}, {@code explosionFactor}, {@code filterNodeId}, {@code filterCondition}
 * (attribute ids removed), {@code rowsIntoFilter}, {@code rowsKept}, {@code shareKept}, {@code stageWallMs},
 * {@code executionId}.
 */
public record CardinalityExplosionEvidence(long executionId, int operatorNodeId, String operator, long rowsIn,
        long rowsOut, int filterNodeId, String filterCondition, long rowsIntoFilter, long rowsKept,
        List<Integer> stageIds, PlanStages stages, int slots, long appDurationMs) {
    private static final Pattern ATTRIBUTE_ID = Pattern.compile("#\\d+L?");

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
        return new CardinalityExplosionEvidence(sql.executionId(), op.id(), op.name(), sql.inputRows(op.id()),
                op.outputRows().orElse(0L), filter.id(), condition(filter), sql.inputRows(filter.id()),
                filter.outputRows().orElse(0L), op.stageIds(), PlanStages.of(run, op.stageIds()), run.slots(),
                run.appDurationMs());
    }

    /** The filter's predicate as a user would write it: "Filter (rn#9 = 1)" reads "(rn = 1)". */
    static String condition(PlanNode filter) {
        return ATTRIBUTE_ID.matcher(filter.simpleString().replaceFirst("^Filter\\s*", "")).replaceAll("").trim();
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
