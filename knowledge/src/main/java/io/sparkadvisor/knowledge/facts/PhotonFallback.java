package io.sparkadvisor.knowledge.facts;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An operator of a Photon plan that ran outside Photon: a Spark operator (its Spark name) over or
 * under Photon operators, or a row/columnar transition ({@code ColumnarToRow}, {@code RowToColumnar})
 * between Photon operators. Plan scaffolding (adaptive query stages, reused exchanges,
 * whole-stage-codegen wrappers, input adapters) is not an operator and is never listed; nor is the
 * transition that hands a Photon result to the driver above every Photon operator. {@code unsupported} is
 * what Photon's explanation of the plan says about this operator ({@link PhotonExplanation}), when it names it.
 */
public record PhotonFallback(int nodeId, String name, boolean transition, List<Integer> stageIds,
        List<String> unsupported) {
    private static final Set<String> SCAFFOLDING = Set.of("AdaptiveSparkPlan", "ShuffleQueryStage", "BroadcastQueryStage",
            "ResultQueryStage", "TableCacheQueryStage", "ReusedExchange", "ReusedSubquery", "InputAdapter", "Subquery",
            "SubqueryBroadcast", "AQEShuffleRead", "CustomShuffleReader", "CommandResult");
    private static final Set<String> TRANSITIONS = Set.of("ColumnarToRow", "RowToColumnar");

    public PhotonFallback {
        unsupported = unsupported == null ? List.of() : List.copyOf(unsupported); // facts saved before it was kept
    }

    /** The operators of a plan (nodes root first, parent links by id) that ran outside Photon; empty when no node is Photon's. */
    public static List<PhotonFallback> of(List<PlanNode> nodes) {
        return of(nodes, Optional.empty());
    }

    /** As {@link #of(List)}, each operator with the reasons Photon's explanation gives for it. */
    public static List<PhotonFallback> of(List<PlanNode> nodes, Optional<PhotonExplanation> explanation) {
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
                List<String> unsupported = explanation.filter(x -> x.isAbout(n)).map(PhotonExplanation::reasons)
                        .orElse(List.of());
                out.add(new PhotonFallback(n.id(), n.name(), transition, n.stageIds(), unsupported));
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
