package io.sparkadvisor.rules.infrastructure.iobound;

import static io.sparkadvisor.rules.thresholds.Sources.DR_ELEPHANT_GC;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARKLENS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * io-bound-slots: a long stage whose tasks hold their slots while waiting, with more tasks queued
 * than slots; decided in io-bound-slots.drl, advised by {@link IoBoundAdvice}.
 */
public final class IoBoundRule {
    public static final String ID = "io-bound-slots";

    public static final Threshold MAX_COMPUTE_SHARE = new Threshold(ID + ".maxComputeShare", 0.05, 0, 1,
            "(CPU + GC time) / executor run time",
            "A stage counts as waiting rather than computing when CPU and GC take at most this share of its tasks'"
                    + " run time. Kept low because tasks starved of CPU (an oversubscribed node) also show a low share,"
                    + " and more slots would make that worse.",
            OURS + "a long task with almost no CPU time spends its life waiting").deprecating("ioBoundSlots.maxComputeShare");
    public static final Threshold MIN_MEDIAN_TASK_MS = new Threshold(ID + ".minMedianTaskMs", 1_000, 0, 86_400_000,
            "milliseconds",
            "Waiting counts as slot-holding only for long tasks; many short waiting tasks are the small-files pattern.",
            OURS + "tiny files show as hundreds of short tasks, which compaction fixes (small-files), not more slots")
            .deprecating("ioBoundSlots.minMedianTaskMs");
    public static final Threshold HIGH_COMPUTE_SHARE = new Threshold(ID + ".highComputeShare", 0.02, 0, 1,
            "(CPU + GC time) / executor run time", "At or below this share the waiting is severe.",
            OURS + "less than half the firing share: tasks that do nearly nothing but wait").deprecating("ioBoundSlots.highComputeShare");
    public static final Threshold MIN_APP_SHARE = new Threshold(ID + ".minAppShare", 0.2, 0, 1,
            "fraction of the application's wall time", "Only stages that take at least this share of the run dominate it.",
            SPARKLENS + " (a stage's share of the application's wall clock); the fifth is " + OURS.trim()
                    + " the stages that dominate the run").deprecating("ioBoundSlots.minAppShare");
    public static final Threshold MIN_QUEUED_SHARE = new Threshold(ID + ".minQueuedShare", 0.1, 0, 1,
            "queued task time / task time",
            "Tasks must have waited for a slot for at least this share of their own run time: more tasks than slots.",
            OURS + "more slots help only when tasks queue for them").deprecating("ioBoundSlots.minQueuedShare");
    public static final Threshold STEP1_FACTOR = new Threshold(ID + ".step1Factor", 1.5, 1, 4, "x the node's cores",
            "First step for SPARK_WORKER_CORES.",
            OURS + "start with about 1.5x the cores, so a step that overloads memory or CPU is small")
            .deprecating("ioBoundSlots.step1Factor");
    public static final Threshold STEP2_FACTOR = new Threshold(ID + ".step2Factor", 2, 1, 8, "x the node's cores",
            "Second step for SPARK_WORKER_CORES, after step 1 held.", OURS + "then 2x (8 on a 4-core node)")
            .deprecating("ioBoundSlots.step2Factor");
    public static final Threshold MAX_GC_SHARE_AFTER = new Threshold(ID + ".maxGcShareAfter", 0.1, 0, 1, "GC time / run time",
            "After a step, GC above this share means memory broke first: roll back.",
            DR_ELEPHANT_GC + " (GC time / run time of 0.1 is its moderate severity)").deprecating("ioBoundSlots.maxGcShareAfter");
    public static final Threshold CPU_TARGET_FACTOR = new Threshold(ID + ".cpuTargetFactor", 1.3, 1, 10,
            "x the stage's CPU share",
            "After step 1 the stage's CPU share should rise to at least this many times what it was (plus the margin"
                    + " below), as the step's check says.",
            OURS + "1.5x the slots should turn a good part of the waiting into work; 1.3x allows for tasks sharing cores");
    public static final Threshold CPU_TARGET_MARGIN = new Threshold(ID + ".cpuTargetMargin", 0.02, 0, 1,
            "(CPU + GC time) / executor run time",
            "Added to the raised CPU share of step 1's check, so that a share near zero still has to rise visibly.",
            OURS + "two points of CPU share are visible in the Spark UI; less is noise");
    public static final Threshold CPU_TARGET_CAP = new Threshold(ID + ".cpuTargetCap", 0.9, 0, 1,
            "(CPU + GC time) / executor run time",
            "Step 1's check never asks for a CPU share above this, however the factor scales it.",
            OURS + "tasks always spend some time in I/O and scheduling: 90% CPU is as busy as a task gets");

    public static final Threshold MAX_MACHINE_CPU_SHARE = new Threshold(ID + ".maxMachineCpuShare", 0.5, 0, 1,
            "user + system CPU of the workers, median minute (system.compute.node_timeline)",
            "Where node_timeline rows cover the stage, the machines' own CPU must be at most this busy too: slots full with"
                    + " busy machines are CPU-bound, and more slots would only make tasks share the cores.",
            OURS + "the seeds' compute-metrics picture of an I/O-bound job: CPU between 20 and 50% while every slot held a task");

    public static final Ladder SEVERITY = Ladder.mediumThenHighBelow(HIGH_COMPUTE_SHARE);

    public static final Rule<IoBoundEvidence> RULE = new Rule<>(ID, Layer.INFRASTRUCTURE, IoBoundEvidence.class,
            IoBoundEvidence::of, IoBoundAdvice::remedy, List.of(MAX_COMPUTE_SHARE, MIN_MEDIAN_TASK_MS, HIGH_COMPUTE_SHARE,
                    MIN_APP_SHARE, MIN_QUEUED_SHARE, STEP1_FACTOR, STEP2_FACTOR, MAX_GC_SHARE_AFTER, CPU_TARGET_FACTOR,
                    CPU_TARGET_MARGIN, CPU_TARGET_CAP, MAX_MACHINE_CPU_SHARE),
            List.of(SEVERITY), FindingChart.SLOTS);

    private IoBoundRule() {}
}
