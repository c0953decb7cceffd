package io.sparkadvisor.rules.infrastructure.memory;

import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_JVM_MEMORY;
import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_TUNING;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_MEMORY_MANAGER;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * memory-overprovisioned: executors given far more heap than the run used; decided in
 * memory-overprovisioned.drl, advised by {@link MemoryAdvice}.
 */
public final class MemoryRule {
    public static final String ID = "memory-overprovisioned";

    public static final Threshold MIN_EXECUTOR_GB = new Threshold(ID + ".minExecutorMemoryGb", 2, 0, 1024, "GB",
            "Executors with at most this much heap are never called over-provisioned.",
            DR_ELEPHANT_TUNING + " (executor memory is tuned only above 2 GB)").deprecating("memoryOverprovisioned.minExecutorMemoryGb");
    public static final Threshold MIN_RATIO = new Threshold(ID + ".minAllocatedToNeeded", 2, 1, 100,
            "allocated heap / needed heap",
            "Allocated heap at least this many times the peak heap plus headroom and reserved memory.",
            DR_ELEPHANT_JVM_MEMORY + " (allocated over peak used JVM memory), from its 2x step")
            .deprecating("memoryOverprovisioned.minAllocatedToNeeded");
    public static final Threshold HIGH_RATIO = new Threshold(ID + ".highAllocatedToNeeded", 3, 1, 100,
            "allocated heap / needed heap", "Severe over-provisioning.",
            DR_ELEPHANT_JVM_MEMORY + " (allocated over peak used JVM memory), a step above the firing ratio")
            .deprecating("memoryOverprovisioned.highAllocatedToNeeded");
    public static final Threshold HEADROOM = new Threshold(ID + ".headroom", 1.25, 1, 4, "x peak heap",
            "Headroom kept above the peak heap when proposing a smaller executor.",
            DR_ELEPHANT_TUNING + " (a 25% buffer over the peak used memory)").deprecating("memoryOverprovisioned.headroom");
    public static final Threshold RESERVED_MB = new Threshold(ID + ".reservedMb", 300, 0, 4096, "MB",
            "Spark's reserved system memory, added to the need.",
            SPARK_MEMORY_MANAGER + " (RESERVED_SYSTEM_MEMORY_BYTES = 300 MB)").deprecating("memoryOverprovisioned.reservedMb");
    public static final Threshold ROUNDING_MB = new Threshold(ID + ".roundingMb", 512, 1, 65_536, "MB",
            "The proposed heap is the need rounded up to a multiple of this.",
            OURS + "half-gigabyte steps keep the setting readable and round towards safety");

    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_RATIO);

    public static final Rule<MemoryEvidence> RULE = new Rule<>(ID, Layer.INFRASTRUCTURE, MemoryEvidence.class, MemoryEvidence::of,
            MemoryAdvice::remedy, List.of(MIN_EXECUTOR_GB, MIN_RATIO, HIGH_RATIO, HEADROOM, RESERVED_MB, ROUNDING_MB),
            List.of(SEVERITY), FindingChart.NONE);

    private MemoryRule() {}
}
