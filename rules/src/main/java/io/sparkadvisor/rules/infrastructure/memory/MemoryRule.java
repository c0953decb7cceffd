package io.sparkadvisor.rules.infrastructure.memory;

import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_JVM_MEMORY;
import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_TUNING;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_MEMORY_MANAGER;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.infrastructure.NodeMemory;
import io.sparkadvisor.rules.platform.RunMemory;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.ArrayList;
import java.util.List;

/**
 * memory-overprovisioned: executors given far more heap than the run used; decided in
 * memory-overprovisioned.drl, advised by {@link MemoryAdvice}. Off Databricks the remedy is a smaller heap setting
 * (severity by the ratio, low without a saving); on Databricks classic compute, where the heap follows the node type
 * and a node costs the same whatever heap it runs, a node type with the same cores and less memory (severity by the
 * share of the workers' cost it saves; the dollars a run must save are general.minSavedDollarsPerRun, as for every finding).
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

    public static final Threshold LOW_SAVED_SHARE = new Threshold(ID + ".lowSavedShare", 0.05, 0, 1,
            "fraction of the workers' list cost",
            "On Databricks, a smaller node type that saves less than this share of the workers' cost is only worth a note.",
            OURS + "a twentieth of the cost is within what spot prices and discounts move anyway");
    public static final Threshold MEDIUM_SAVED_SHARE = new Threshold(ID + ".mediumSavedShare", 0.2, 0, 1,
            "fraction of the workers' list cost",
            "On Databricks, a smaller node type that saves at least this share of the workers' cost is a medium finding.",
            OURS + "a fifth of the compute bill of the job is worth a node-type change and its follow-up run");
    public static final Threshold HIGH_SAVED_SHARE = new Threshold(ID + ".highSavedShare", 0.4, 0, 1,
            "fraction of the workers' list cost",
            "On Databricks, a smaller node type that saves at least this share of the workers' cost is a high finding.",
            OURS + "two fifths of the job's compute bill, twice the medium rung");
    public static final Threshold MAX_MACHINE_MEMORY_SHARE = new Threshold(ID + ".maxMachineMemoryShare", 0.6, 0, 1,
            "memory used on the workers, 90th percentile minute (system.compute.node_timeline)",
            "Where node_timeline rows cover the run, the machines must have used at most this share of their memory too:"
                    + " a node whose memory was in use (Python workers, native libraries, the page cache the JVM reads"
                    + " through) has no room for less, whatever the heap's peak says.",
            OURS + "less memory by the rule's own floor (memory-overprovisioned.minAllocatedToNeeded, 2x) leaves room only"
                    + " for a node that used well under half of its memory; 60% allows for the OS and Databricks' services");
    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_RATIO);
    /** On Databricks, where the remedy is a node type, severity follows the share of the cost it saves. */
    public static final Ladder SAVING = Ladder.rising(LOW_SAVED_SHARE, MEDIUM_SAVED_SHARE, HIGH_SAVED_SHARE);

    public static final Rule<MemoryEvidence> RULE = new Rule<>(ID, Layer.INFRASTRUCTURE, MemoryEvidence.class, MemoryEvidence::of,
            MemoryAdvice::remedy, thresholds(), List.of(SEVERITY, SAVING), FindingChart.NONE);

    private static List<Threshold> thresholds() {
        List<Threshold> out = new ArrayList<>(List.of(MIN_EXECUTOR_GB, MIN_RATIO, HIGH_RATIO, HEADROOM, RESERVED_MB,
                ROUNDING_MB, LOW_SAVED_SHARE, MEDIUM_SAVED_SHARE, HIGH_SAVED_SHARE, MAX_MACHINE_MEMORY_SHARE));
        out.addAll(NodeMemory.THRESHOLDS);
        out.addAll(RunMemory.THRESHOLDS);
        return out;
    }

    private MemoryRule() {}
}
