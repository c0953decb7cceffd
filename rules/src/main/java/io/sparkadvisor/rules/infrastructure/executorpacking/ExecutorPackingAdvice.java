package io.sparkadvisor.rules.infrastructure.executorpacking;

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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-shapes executors to the node's core:memory ratio, as {@link ExecutorPackingEvidence} proposes, on as many workers
 * as give the run the slots it had: the same nodes with more slots cost the same, so only the workers let go are saved.
 * The follow-up measures that one host's executors hold all its cores, with no out-of-memory failure,
 * GC under the gc-pressure medium rung and the run not slower.
 */
final class ExecutorPackingAdvice {
    private ExecutorPackingAdvice() {}

    static Remedy remedy(ExecutorPackingEvidence e, Diagnosis d, Thresholds t) {
        int cores = e.proposedExecutorCores();
        int memoryGb = e.proposedExecutorMemoryGb();
        Map<String, Object> scope = new HashMap<>();
        scope.put("node", e.nodeTypeId());
        scope.put("nodeCores", e.nodeCores());
        scope.put("nodeMemory", Format.gb(e.nodeMemoryGb()));
        scope.put("available", Format.gb(e.availableMemoryGb()));
        scope.put("executorCores", e.executorCores());
        scope.put("executorMemory", Format.gb(e.executorMemoryGb()));
        scope.put("perNode", e.executorsPerNode());
        scope.put("used", e.usedCores());
        scope.put("stranded", e.strandedCores());
        scope.put("limitedBy", e.limitedBy());
        scope.put("machineMeasured", e.machineMeasured());
        scope.put("machineMemory", Format.percent(e.machineMemUsedP90()));
        scope.put("workers", e.workers());
        scope.put("coreHours", Format.round(e.strandedCoreHours()));
        scope.put("newExecutors", e.proposedExecutorsPerNode());
        scope.put("newCores", cores);
        scope.put("newMemory", memoryGb);
        scope.put("memoryPerCore", Format.gb((double) memoryGb / cores));
        scope.put("oldMemoryPerCore", Format.gb(e.executorMemoryGb() / Math.max(1, e.executorCores())));
        boolean shrink = e.proposedWorkers() < e.workers();
        scope.put("shrink", shrink);
        scope.put("newWorkers", e.proposedWorkers());
        scope.put("slots", e.usedCores() * e.workers());
        scope.put("billedCoreHours", Format.round(e.billedCoreHours()));
        Messages m = Messages.of(ExecutorPackingRule.ID, scope, t);

        MetricCheck allCoresUsed = new MetricCheck(Metric.CORES_PER_HOST.ofRun(), Comparison.AT_LEAST, e.nodeCores(), m.text("coresCheck"));
        List<Change> changes = new ArrayList<>(List.of(Change.sparkConf("spark.executor.cores", cores),
                Change.sparkConf("spark.executor.memory", memoryGb + "g")));
        if (shrink) { // the same slots on fewer nodes: the only way the bill sees the stranded cores
            changes.add(Change.cluster(e.autoscaling() ? "autoscale.max_workers" : "num_workers", e.proposedWorkers()));
        }
        Step step = new Step(1, changes, m.list("checks"), m.text("rollback"),
                List.of(allCoresUsed, Checks.ofRun().noOutOfMemory(), Checks.ofRun().gcUnder(t), Checks.ofRun().notSlower(t)));
        return Remedy.of(m, "summary", List.of(step), shrink ? new Savings(0, Format.round(e.billedCoreHours())) : Savings.NONE);
    }
}
