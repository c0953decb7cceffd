package io.sparkadvisor.knowledge.facts;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * An operator of a Photon plan that ran outside Photon: a Spark operator (its Spark name) over or
 * under Photon operators, or a row/columnar transition ({@code ColumnarToRow}, {@code RowToColumnar})
 * between Photon operators. Plan scaffolding (adaptive query stages, reused exchanges,
 * whole-stage-codegen wrappers, input adapters) is not an operator and is never listed; nor is the
 * transition that hands a Photon result to the driver above every Photon operator.
 */
public record PhotonFallback(int nodeId, String name, boolean transition, List<Integer> stageIds) {
    private static final Set<String> SCAFFOLDING = Set.of("AdaptiveSparkPlan", "ShuffleQueryStage", "BroadcastQueryStage",
            "ResultQueryStage", "TableCacheQueryStage", "ReusedExchange", "ReusedSubquery", "InputAdapter", "Subquery",
            "SubqueryBroadcast", "AQEShuffleRead", "CustomShuffleReader", "CommandResult");
    private static final Set<String> TRANSITIONS = Set.of("ColumnarToRow", "RowToColumnar");

    /** The operators of a plan (nodes root first, parent links by id) that ran outside Photon; empty when no node is Photon's. */
    public static List<PhotonFallback> of(List<PlanNode> nodes) {
        if (nodes.stream().noneMatch(PlanNode::photon)) {
            return List.of();
        }
        boolean[] photonBelow = new boolean[nodes.size()];
        for (int i = nodes.size() - 1; i >= 0; i--) { // children come after their parent
            PlanNode n = nodes.get(i);
            if (n.parentId() >= 0 && n.parentId() < nodes.size() && (photonBelow[i] || n.photon())) {
                photonBelow[n.parentId()] = true;
            }
        }
        List<PhotonFallback> out = new ArrayList<>();
        for (PlanNode n : nodes) {
            if (n.photon() || scaffolding(n.name())) {
                continue;
            }
            boolean photonAbove = photonAbove(nodes, n);
            boolean transition = TRANSITIONS.contains(n.name());
            if (transition ? photonAbove && photonBelow[n.id()] : photonAbove || photonBelow[n.id()]) {
                out.add(new PhotonFallback(n.id(), n.name(), transition, n.stageIds()));
            }
        }
        return List.copyOf(out);
    }

    private static boolean scaffolding(String name) {
        return SCAFFOLDING.contains(name) || name.startsWith("WholeStageCodegen");
    }

    private static boolean photonAbove(List<PlanNode> nodes, PlanNode n) {
        int parent = n.parentId();
        while (parent >= 0 && parent < nodes.size()) {
            PlanNode p = nodes.get(parent);
            if (p.photon()) {
                return true;
            }
            parent = p.parentId();
        }
        return false;
    }
}
