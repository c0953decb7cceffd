package io.sparkadvisor.rules.infrastructure.memory;

import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Off Databricks, the heap the run needed (peak x headroom + Spark's reserved memory), rounded up, as the new
 * setting. On Databricks classic compute, the priced node type with the same cores and less memory that holds that need
 * (with local disk where the run used it), its $/hour and DBU/hour below the worker's, the driver pinned where it
 * followed the workers; the saving is in dollars (node-hours do not change), when both
 * types have a list price. The follow-up measures the heap setting or the worker's memory down to the proposal, with
 * no out-of-memory failure, GC under follow-up.maxGcShare, no new spill and the run not slower.
 */
final class MemoryAdvice {
    private MemoryAdvice() {}

    static Remedy remedy(MemoryEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("setting", e.setting());
        scope.put("allocated", Format.bytes(e.allocatedBytes()));
        scope.put("peak", Format.bytes(e.peakHeapBytes()));
        scope.put("needed", Format.bytes(e.neededBytes()));
        scope.put("ratio", Format.ratio(e.allocatedToNeeded()));
        scope.put("proposed", e.proposedMemory());
        scope.put("cores", e.executorCores());
        scope.put("moreCores", Math.max(e.executorCores() + 1, (int) (e.executorCores() * e.allocatedToNeeded())));
        scope.put("nodeType", e.nodeType());
        scope.put("proposedNode", e.proposedNodeType());
        scope.put("proposedNodeMemory", Format.bytes(Math.round(e.proposedNodeMemoryGb() * (1L << 30))));
        scope.put("dbuSaved", String.format(Locale.ROOT, "%.2f", e.dbuPerHourSaved()));
        scope.put("dollarsSaved", String.format(Locale.ROOT, "$%.3f", e.dollarsPerHourSaved()));
        scope.put("savedShare", Format.percent(e.savedShare()));
        scope.put("workers", e.workers());
        scope.put("runDollars", String.format(Locale.ROOT, "$%.3f", e.savedDollars()));
        scope.put("offHeap", e.offHeapBytes() > 0);
        scope.put("offHeapBytes", Format.bytes(e.offHeapBytes()));
        scope.put("peakOffHeap", Format.bytes(e.peakOffHeapBytes()));
        scope.put("driverKept", e.compute().driverFollowsWorkers());
        scope.put("keepDisk", e.compute().keepsLocalDisk());
        scope.put("machineMeasured", e.machineMeasured());
        scope.put("machineMemory", Format.percent(e.machineMemUsedP90()));
        Messages m = Messages.of(MemoryRule.ID, scope, t);

        Checks run = Checks.ofRun();
        boolean smaller = !e.proposedNodeType().isEmpty();
        List<MetricCheck> verify = List.of(lessMemory(e, smaller, m), run.noOutOfMemory(), run.gcUnder(t), run.noNewSpill(),
                run.notSlower(t));
        if (!e.nodeSized()) {
            // Off-heap memory (Photon's) is sized beside the heap: the need is for both, not for a heap setting alone.
            Change change = e.offHeapBytes() > 0 ? Change.manual("executor memory", m.text("offHeapChange"))
                    : Change.sparkConf(e.setting(), e.proposedMemory());
            Step step = new Step(1, List.of(change), m.list("checks"), m.text("rollback"), verify);
            return Remedy.of(m, e.offHeapBytes() > 0 ? "offHeapSummary" : "summary", List.of(step), Savings.NONE);
        }
        List<Change> changes = smaller ? e.compute().nodeTypeChanges(e.compute().catalogue().stream()
                .filter(n -> n.nodeTypeId().equals(e.proposedNodeType())).findFirst().orElseThrow())
                : List.of(Change.manual("node_type_id", m.text(e.compute().keepsLocalDisk() ? "noSmallerNodeWithDisk" : "noSmallerNode")));
        Step step = new Step(1, changes, m.list("checks"), m.text("rollback"), verify);
        String summary = smaller ? "nodeSummary" : "noSmallerNodeSummary";
        return Remedy.of(m, summary, List.of(step), Savings.ofNodes(0, e.savedDollars()));
    }

    /**
     * What the change moves: the heap setting down to the proposal, or the worker node's memory down to the proposed
     * type's (any smaller type when the catalogue offers none to propose). Spill, GC and out-of-memory failures guard
     * against a heap made too small.
     */
    private static MetricCheck lessMemory(MemoryEvidence e, boolean smallerNode, Messages m) {
        if (!e.nodeSized()) {
            return new MetricCheck(Metric.HEAP_BYTES.ofRun(), Comparison.AT_MOST, SparkProperties.parseBytes(e.proposedMemory(), 1L << 20), m.text("heapCheck"));
        }
        return smallerNode ? new MetricCheck(Metric.WORKER_MEMORY_BYTES.ofRun(), Comparison.AT_MOST,
                Math.round(e.proposedNodeMemoryGb() * (1L << 30)), m.text("nodeMemoryCheck"))
                : new MetricCheck(Metric.WORKER_MEMORY_BYTES.ofRun(), Comparison.AT_MOST_BASELINE_MINUS, 1, m.text("smallerNodeCheck"));
    }
}
