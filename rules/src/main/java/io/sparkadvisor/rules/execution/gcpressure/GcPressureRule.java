package io.sparkadvisor.rules.execution.gcpressure;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_METRICS;
import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_GC;
import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_JVM_MEMORY;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.platform.RunMemory;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/** gc-pressure: a stage's tasks spend their time collecting garbage; decided in gc-pressure.drl, advised by {@link GcPressureAdvice}. */
public final class GcPressureRule {
    public static final String ID = "gc-pressure";

    public static final Threshold MIN_GC_MS = new Threshold(ID + ".minGcMs", 5_000, 0, 86_400_000,
            "milliseconds of GC summed over the stage's tasks",
            "A stage must spend at least this much task time in GC before its GC share counts.",
            DATAFLINT_METRICS + " (task-level alerts gated on MAX_TASK_DURATION_THRESHOLD_MS = 5000)");
    public static final Threshold LOW_RATIO = new Threshold(ID + ".lowRatio", 0.08, 0, 1, "GC time / executor run time",
            "GC pressure is low severity from this share of task run time spent in GC.",
            DR_ELEPHANT_GC + " (ascending GC ratio ladder 0.08 / 0.1 / 0.15 / 0.2, low rung)");
    public static final Threshold MEDIUM_RATIO = new Threshold(ID + ".mediumRatio", 0.1, 0, 1, "GC time / executor run time",
            "GC pressure is medium severity from this share. It is also the follow-up's bound: after a memory,"
                    + " executor-shape or spill step, GC must stay below it (the steps' checks say 10% of task time).",
            DR_ELEPHANT_GC + " (moderate rung 0.1)");
    public static final Threshold HIGH_RATIO = new Threshold(ID + ".highRatio", 0.15, 0, 1, "GC time / executor run time",
            "GC pressure is high severity from this share (Dr. Elephant's severe and critical rungs).",
            DR_ELEPHANT_GC + " (severe rung 0.15)");
    public static final Threshold MAX_HEAP_SHARE_AFTER = new Threshold(ID + ".maxHeapShareAfter", 0.9, 0, 1,
            "peak JVM heap / heap setting",
            "After a larger heap, the peak JVM heap must stay below this share of it (follow-up check): above it the"
                    + " heap is still full and collections keep running.",
            DR_ELEPHANT_JVM_MEMORY + " (flags a peak JVM heap near the whole heap setting)");

    public static final Ladder SEVERITY = Ladder.rising(LOW_RATIO, MEDIUM_RATIO, HIGH_RATIO);

    public static final Rule<GcPressureEvidence> RULE = new Rule<>(ID, Layer.EXECUTION, GcPressureEvidence.class,
            GcPressureEvidence::of, GcPressureAdvice::remedy,
            List.of(MIN_GC_MS, LOW_RATIO, MEDIUM_RATIO, HIGH_RATIO, MAX_HEAP_SHARE_AFTER, RunMemory.HEAP_NEAR_LIMIT),
            List.of(SEVERITY), FindingChart.NONE);

    private GcPressureRule() {}
}
