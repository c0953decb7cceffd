package io.sparkadvisor.rules.infrastructure.memory;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The heap the run needed (peak x headroom + Spark's reserved memory), rounded up, as the new setting.
 * The follow-up measures a larger share of the heap in use, with no out-of-memory failure, GC under the
 * gc-pressure medium rung, no new spill and the run not slower.
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
        Messages m = Messages.of(MemoryRule.ID, scope, t);

        Checks run = Checks.ofRun();
        MetricCheck heapBetterUsed = new MetricCheck(RunMetrics.PEAK_HEAP_SHARE, Comparison.ABOVE_BASELINE_TIMES, 1, m.text("heapCheck"));
        Step step = new Step(1, List.of(Change.sparkConf(e.setting(), e.proposedMemory())), m.list("checks"), m.text("rollback"),
                List.of(heapBetterUsed, run.noOutOfMemory(), run.gcUnder(t), run.noNewSpill(), run.notSlower(t)));
        return Remedy.of(m, "summary", List.of(step), Savings.NONE);
    }
}
