package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-shapes executors to the node's core:memory ratio: as many executors as the memory allows,
 * rounded down to a divisor of the node's cores so every core gets one, each with an equal share of
 * the available memory. The follow-up measures that one host's executors hold all its cores, with no
 * out-of-memory failure, GC under the gc-pressure medium rung and the run not slower.
 */
public final class ExecutorPackingAdvice {
    public static final String RULE = "executor-packing";

    private ExecutorPackingAdvice() {}

    public static Finding finding(ExecutorPackingEvidence e, Thresholds t, Severity severity) {
        int executors = largestDivisorAtMost(e.nodeCores(), Math.max(1, e.executorsPerNode()));
        int cores = e.nodeCores() / executors;
        int memoryGb = (int) Math.floor(e.availableGb() / executors);
        Map<String, Object> scope = new HashMap<>();
        scope.put("node", e.nodeTypeId());
        scope.put("nodeCores", e.nodeCores());
        scope.put("nodeMemory", Format.gb(e.nodeMemoryGb()));
        scope.put("available", Format.gb(e.availableGb()));
        scope.put("executorCores", e.executorCores());
        scope.put("executorMemory", Format.gb(e.executorMemoryGb()));
        scope.put("perNode", e.executorsPerNode());
        scope.put("used", e.usedCores());
        scope.put("stranded", e.strandedCores());
        scope.put("limitedBy", e.limitedBy());
        scope.put("workers", e.workers());
        scope.put("coreHours", Format.round(e.strandedCoreHours()));
        scope.put("newExecutors", executors);
        scope.put("newCores", cores);
        scope.put("newMemory", memoryGb);
        scope.put("memoryPerCore", Format.gb((double) memoryGb / cores));
        scope.put("oldMemoryPerCore", Format.gb(e.executorMemoryGb() / Math.max(1, e.executorCores())));
        Messages m = Messages.of(RULE, scope, t);

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("nodeTypeId", e.nodeTypeId());
        evidence.put("nodeCores", e.nodeCores());
        evidence.put("nodeMemoryGb", Format.round(e.nodeMemoryGb()));
        evidence.put("availableMemoryGb", Format.round(e.availableGb()));
        evidence.put("executorCores", e.executorCores());
        evidence.put("executorMemoryGb", Format.round(e.executorMemoryGb()));
        evidence.put("executorsPerNode", e.executorsPerNode());
        evidence.put("usedCores", e.usedCores());
        evidence.put("strandedCores", e.strandedCores());
        evidence.put("strandedShare", Format.round(e.strandedShare()));
        evidence.put("limitedBy", e.limitedBy());
        evidence.put("workers", e.workers());
        evidence.put("strandedCoreHours", Format.round(e.strandedCoreHours()));
        evidence.put("proposedExecutorsPerNode", executors);
        evidence.put("proposedExecutorCores", cores);
        evidence.put("proposedExecutorMemoryGb", memoryGb);

        Step step = new Step(1, List.of(Change.sparkConf("spark.executor.cores", cores),
                Change.sparkConf("spark.executor.memory", memoryGb + "g")), m.list("checks"), m.text("rollback"),
                List.of(allCoresUsed(e), Checks.ofRun().noOutOfMemory(), Checks.ofRun().gcUnder(t), Checks.ofRun().notSlower(t)));
        return new Finding(RULE, Layer.INFRASTRUCTURE, severity, m.text("title"), List.of(), evidence,
                new Recommendation(m.text("summary"), m.list("preconditions"), List.of(step), m.text("proof"),
                        m.text("experiment")),
                new Savings(0, Format.round(e.strandedCoreHours())));
    }

    private static MetricCheck allCoresUsed(ExecutorPackingEvidence e) {
        return new MetricCheck(RunMetrics.CORES_PER_HOST, Comparison.AT_LEAST, e.nodeCores(),
                "executors hold all " + e.nodeCores() + " cores of a " + e.nodeTypeId() + " (they held " + e.usedCores() + ")");
    }

    static int largestDivisorAtMost(int n, int limit) {
        for (int d = Math.min(n, limit); d > 1; d--) {
            if (n % d == 0) {
                return d;
            }
        }
        return 1;
    }
}
