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
 * The heap the run needed (peak x headroom + Spark's reserved memory), rounded up to 512 MB, as the new setting.
 * The follow-up measures a larger share of the heap in use, with no out-of-memory failure, GC under the
 * gc-pressure medium rung, no new spill and the run not slower.
 */
public final class MemoryAdvice {
    public static final String RULE = "memory-overprovisioned";
    private static final long ROUNDING = 512L << 20;

    private MemoryAdvice() {}

    public static Finding finding(MemoryEvidence e, Thresholds t, Severity severity) {
        long needed = e.neededBytes();
        long proposed = (needed + ROUNDING - 1) / ROUNDING * ROUNDING;
        String proposedText = proposed % (1L << 30) == 0 ? (proposed >> 30) + "g" : (proposed >> 20) + "m";
        double idleGbHours = (e.allocatedBytes() - needed) / (double) (1L << 30) * e.executors() * e.appDurationMs() / 3_600_000;
        Map<String, Object> scope = new HashMap<>();
        scope.put("setting", e.setting());
        scope.put("allocated", Format.bytes(e.allocatedBytes()));
        scope.put("peak", Format.bytes(e.peakHeapBytes()));
        scope.put("needed", Format.bytes(needed));
        scope.put("ratio", Format.ratio(e.allocatedToNeeded()));
        scope.put("proposed", proposedText);
        scope.put("cores", e.executorCores());
        scope.put("moreCores", Math.max(e.executorCores() + 1, (int) (e.executorCores() * e.allocatedToNeeded())));
        Messages m = Messages.of(RULE, scope, t);

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("allocatedBytes", e.allocatedBytes());
        evidence.put("peakHeapBytes", e.peakHeapBytes());
        evidence.put("neededBytes", needed);
        evidence.put("allocatedToNeeded", Format.round(e.allocatedToNeeded()));
        evidence.put("executors", e.executors());
        evidence.put("proposedMemory", proposedText);
        evidence.put("idleHeapGbHours", Format.round(idleGbHours));
        Checks run = Checks.ofRun();
        MetricCheck heapBetterUsed = new MetricCheck(RunMetrics.PEAK_HEAP_SHARE, Comparison.ABOVE_BASELINE_TIMES, 1,
                "executors use a larger share of their heap than before");
        Step step = new Step(1, List.of(Change.sparkConf(e.setting(), proposedText)), m.list("checks"), m.text("rollback"),
                List.of(heapBetterUsed, run.noOutOfMemory(), run.gcUnder(t), run.noNewSpill(), run.notSlower(t)));
        return new Finding(RULE, Layer.INFRASTRUCTURE, severity, m.text("title"), List.of(), evidence,
                new Recommendation(m.text("summary"), m.list("preconditions"), List.of(step), m.text("proof"), m.text("experiment")),
                Savings.NONE);
    }
}
