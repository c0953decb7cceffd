package io.sparkadvisor.rules.infrastructure.executorpacking;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.infrastructure.NodeMemory;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.ArrayList;
import java.util.List;

/**
 * executor-packing: the executor shape leaves cores of each node without an executor; decided in
 * executor-packing.drl, advised by {@link ExecutorPackingAdvice}. Reads the node's usable memory
 * through the shared {@link NodeMemory} thresholds.
 */
public final class ExecutorPackingRule {
    public static final String ID = "executor-packing";

    public static final Threshold MIN_STRANDED_SHARE = new Threshold(ID + ".minStrandedShare", 0.2, 0, 1,
            "stranded cores / node cores", "Executor shape leaves at least this share of each node's cores without an executor.",
            OURS + "one core of a 4-core node that never gets an executor (25%) is worth a change").deprecating(
                    "executorPacking.minStrandedShare");
    public static final Threshold HIGH_STRANDED_SHARE = new Threshold(ID + ".highStrandedShare", 0.5, 0, 1,
            "stranded cores / node cores", "Severe stranding.",
            OURS + "half of every node paid for and unused (7 of 8 cores with memory-heavy single-core executors)")
            .deprecating("executorPacking.highStrandedShare");

    public static final Threshold MAX_MACHINE_MEMORY_SHARE = new Threshold(ID + ".maxMachineMemoryShare", 0.8, 0, 1,
            "memory used on the workers, 90th percentile minute (system.compute.node_timeline)",
            "Where node_timeline rows cover the run, the machines must have used at most this share of their memory: the"
                    + " reshape gives each core an executor from the memory the executors held, which is there to give only"
                    + " if the nodes did not use it.",
            OURS + "a node past four fifths of its memory has the OS, Databricks' services and the page cache left, no"
                    + " room for more executors");

    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_STRANDED_SHARE);

    public static final Rule<ExecutorPackingEvidence> RULE = new Rule<>(ID, Layer.INFRASTRUCTURE, ExecutorPackingEvidence.class,
            ExecutorPackingEvidence::of, ExecutorPackingAdvice::remedy, thresholds(), List.of(SEVERITY), FindingChart.NONE);

    private static List<Threshold> thresholds() {
        List<Threshold> out = new ArrayList<>(List.of(MIN_STRANDED_SHARE, HIGH_STRANDED_SHARE, MAX_MACHINE_MEMORY_SHARE));
        out.addAll(NodeMemory.THRESHOLDS);
        return out;
    }

    private ExecutorPackingRule() {}
}
