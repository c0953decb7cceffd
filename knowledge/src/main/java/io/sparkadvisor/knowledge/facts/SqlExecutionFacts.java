package io.sparkadvisor.knowledge.facts;

import java.util.List;
import java.util.Optional;

/**
 * A SQL execution (one DataFrame action or SQL statement): its final plan as a list of nodes
 * (parent links by id, root first), the jobs and stages that ran it, and the typed views the rules
 * read: scans, exchanges and writes (Photon's operators read as their Spark twins), and in a Photon
 * plan the operators that ran outside Photon ({@link PhotonFallback}).
 */
public record SqlExecutionFacts(long executionId, String description, long startMs, long endMs, List<PlanNode> nodes,
        List<Integer> jobIds, List<Integer> stageIds, List<ScanFacts> scans, List<ExchangeFacts> exchanges,
        List<WriteFacts> writes, List<PhotonFallback> photonFallbacks) {

    /** The plan's Photon fallbacks follow from its nodes. */
    public SqlExecutionFacts(long executionId, String description, long startMs, long endMs, List<PlanNode> nodes,
            List<Integer> jobIds, List<Integer> stageIds, List<ScanFacts> scans, List<ExchangeFacts> exchanges,
            List<WriteFacts> writes) {
        this(executionId, description, startMs, endMs, nodes, jobIds, stageIds, scans, exchanges, writes,
                PhotonFallback.of(nodes));
    }

    /** Some operator of the plan ran in Photon. */
    public boolean photonPlan() {
        return nodes.stream().anyMatch(PlanNode::photon);
    }

    public long durationMs() {
        return Math.max(0, endMs - startMs);
    }

    public Optional<PlanNode> node(int id) {
        return id >= 0 && id < nodes.size() ? Optional.of(nodes.get(id)) : Optional.empty();
    }

    public List<PlanNode> children(int id) {
        return nodes.stream().filter(n -> n.parentId() == id).toList();
    }

    /** The ancestors of a node, nearest first. */
    public List<PlanNode> ancestors(int id) {
        java.util.ArrayList<PlanNode> out = new java.util.ArrayList<>();
        Optional<PlanNode> current = node(id).flatMap(n -> node(n.parentId()));
        while (current.isPresent()) {
            out.add(current.get());
            current = node(current.get().parentId());
        }
        return out;
    }

    /** Rows flowing into a node: for each child, its output rows or, when it has no row metric, the nearest descendant's. */
    public long inputRows(int id) {
        long rows = 0;
        for (PlanNode child : children(id)) {
            rows += child.outputRows().orElseGet(() -> inputRows(child.id()));
        }
        return rows;
    }
}
