package io.sparkadvisor.rules.thresholds;

import java.util.List;

/** Thresholds of the infrastructure rules: slots, executor shape and memory. */
public final class InfrastructureThresholds {
    public static final String IO_MAX_CPU_SHARE = "ioBoundSlots.maxComputeShare";
    public static final String IO_MIN_MEDIAN_TASK_MS = "ioBoundSlots.minMedianTaskMs";
    public static final String IO_HIGH_CPU_SHARE = "ioBoundSlots.highComputeShare";
    public static final String IO_MIN_APP_SHARE = "ioBoundSlots.minAppShare";
    public static final String IO_MIN_QUEUED_SHARE = "ioBoundSlots.minQueuedShare";
    public static final String IO_STEP1_FACTOR = "ioBoundSlots.step1Factor";
    public static final String IO_STEP2_FACTOR = "ioBoundSlots.step2Factor";
    public static final String IO_MAX_GC_SHARE_AFTER = "ioBoundSlots.maxGcShareAfter";
    public static final String IDLE_MIN_SHARE = "idleSlots.minIdleShare";
    public static final String IDLE_HIGH_SHARE = "idleSlots.highIdleShare";
    public static final String IDLE_MIN_SLOT_MS = "idleSlots.minSlotMs";
    public static final String PACKING_MIN_STRANDED_SHARE = "executorPacking.minStrandedShare";
    public static final String PACKING_HIGH_STRANDED_SHARE = "executorPacking.highStrandedShare";
    public static final String RESERVED_FRACTION = "node.reservedMemoryFraction";
    public static final String RESERVED_FLOOR_GB = "node.reservedMemoryFloorGb";
    public static final String RESERVED_FRACTION_GCP = "node.reservedMemoryFractionGcp";
    public static final String RESERVED_FLOOR_GB_GCP = "node.reservedMemoryFloorGbGcp";
    public static final String MEMORY_MIN_EXECUTOR_GB = "memoryOverprovisioned.minExecutorMemoryGb";
    public static final String MEMORY_MIN_RATIO = "memoryOverprovisioned.minAllocatedToNeeded";
    public static final String MEMORY_HIGH_RATIO = "memoryOverprovisioned.highAllocatedToNeeded";
    public static final String MEMORY_HEADROOM = "memoryOverprovisioned.headroom";
    public static final String MEMORY_RESERVED_MB = "memoryOverprovisioned.reservedMb";
    public static final String TASK_CPUS_MIN_CPU_PER_RUN = "taskCpus.minCpuPerRun";
    public static final String TASK_CPUS_HIGH_CPU_PER_RUN = "taskCpus.highCpuPerRun";

    static final List<Threshold> DECLARED = List.of(
            new Threshold(IO_MAX_CPU_SHARE, 0.05, 0, 1, "(CPU + GC time) / executor run time",
                    "A stage counts as waiting rather than computing when CPU and GC take at most this share of its tasks'"
                    + " run time. Kept low because tasks starved of CPU (an oversubscribed node) also show a low share,"
                    + " and more slots would make that worse.",
                    "seed 000 (a long task with almost no CPU time spends its life waiting)"),
            new Threshold(IO_MIN_MEDIAN_TASK_MS, 1_000, 0, 86_400_000, "milliseconds",
                    "Waiting counts as slot-holding only for long tasks; many short waiting tasks are the small-files pattern.",
                    "seed 000 situation table: tiny files show as hundreds of short tasks, fixed by compaction"),
            new Threshold(IO_HIGH_CPU_SHARE, 0.02, 0, 1, "(CPU + GC time) / executor run time",
                    "At or below this share the waiting is severe.", "seed 000"),
            new Threshold(IO_MIN_APP_SHARE, 0.2, 0, 1, "fraction of the application's wall time",
                    "Only stages that take at least this share of the run dominate it.",
                    "seed 000 ('the stages that dominate the run'); Sparklens wall-clock share"),
            new Threshold(IO_MIN_QUEUED_SHARE, 0.1, 0, 1, "queued task time / task time",
                    "Tasks must have waited for a slot for at least this share of their own run time: more tasks than slots.",
                    "seed 000 situation table: more tasks than slots"),
            new Threshold(IO_STEP1_FACTOR, 1.5, 1, 4, "x the node's cores",
                    "First step for SPARK_WORKER_CORES.", "seed 000: start with about 1.5x the cores"),
            new Threshold(IO_STEP2_FACTOR, 2, 1, 8, "x the node's cores",
                    "Second step for SPARK_WORKER_CORES, after step 1 held.", "seed 000: then 2x (8 on a 4-core node)"),
            new Threshold(IO_MAX_GC_SHARE_AFTER, 0.1, 0, 1, "GC time / run time",
                    "After a step, GC above this share means memory broke first: roll back.",
                    "seed 000 (memory breaks first); Dr. Elephant GC ladder 0.1 (anchors §8)"),
            new Threshold(IDLE_MIN_SHARE, 0.5, 0, 1, "idle slot time / slot time",
                    "Slots idle for at least this share of the time executors existed.",
                    "DataFlint idleCoresTooHigh > 50% (anchors §1b)"),
            new Threshold(IDLE_HIGH_SHARE, 0.75, 0, 1, "idle slot time / slot time", "Severe idleness.",
                    "spark-advisor default, halfway from DataFlint's 50% to all idle"),
            new Threshold(IDLE_MIN_SLOT_MS, 60_000, 0, 1e15, "slot-milliseconds",
                    "Below this much slot time in all, idleness is not worth a change.",
                    "spark-advisor default: one slot-minute (anchors §6.2, floors before ratios)"),
            new Threshold(PACKING_MIN_STRANDED_SHARE, 0.2, 0, 1, "stranded cores / node cores",
                    "Executor shape leaves at least this share of each node's cores without an executor.",
                    "seed 002 (1 of 4 cores never spins up = 25%)"),
            new Threshold(PACKING_HIGH_STRANDED_SHARE, 0.5, 0, 1, "stranded cores / node cores", "Severe stranding.",
                    "seed 001 (7 of 8 cores orphaned)"),
            new Threshold(RESERVED_FRACTION, 0.15, 0, 0.9, "fraction of node memory",
                    "Memory Databricks keeps on AWS and Azure nodes (OS, services), besides the floor below.",
                    "seed 002: i3.xlarge 30.5 GB shows 24.9 GB available = 30.5 x 0.85 - 1"),
            new Threshold(RESERVED_FLOOR_GB, 1, 0, 64, "GB", "Fixed part of the reserved memory on AWS and Azure nodes.",
                    "seed 002 (fits i3.xlarge 30.5 -> 24.9 GB with the fraction above)"),
            new Threshold(RESERVED_FRACTION_GCP, 0.35, 0, 0.9, "fraction of node memory",
                    "Memory Databricks keeps on GCP nodes, whose container platform takes more.",
                    "seed 002: n1-highmem-4 26 GB shows 15.3 GB available = 26 x 0.65 - 1.6"),
            new Threshold(RESERVED_FLOOR_GB_GCP, 1.6, 0, 64, "GB", "Fixed part of the reserved memory on GCP nodes.",
                    "seed 002 (fits n1-highmem-4 26 -> 15.3 GB with the fraction above)"),
            new Threshold(MEMORY_MIN_EXECUTOR_GB, 2, 0, 1024, "GB",
                    "Executors with at most this much heap are never called over-provisioned.",
                    "Dr. Elephant tuning: only if executor memory > 2 GB (anchors §8)"),
            new Threshold(MEMORY_MIN_RATIO, 2, 1, 100, "allocated heap / needed heap",
                    "Allocated heap at least this many times the peak heap plus headroom and reserved memory.",
                    "Dr. Elephant tuning ladder 1.25/1.5/2/3 (anchors §8), from its 2x step"),
            new Threshold(MEMORY_HIGH_RATIO, 3, 1, 100, "allocated heap / needed heap", "Severe over-provisioning.",
                    "Dr. Elephant tuning ladder, top step 3x"),
            new Threshold(MEMORY_HEADROOM, 1.25, 1, 4, "x peak heap",
                    "Headroom kept above the peak heap when proposing a smaller executor.",
                    "Dr. Elephant tuning buffer 25%; DataFlint proposes peak x 1.2 (anchors §8)"),
            new Threshold(MEMORY_RESERVED_MB, 300, 0, 4096, "MB", "Spark's reserved system memory, added to the need.",
                    "Spark's RESERVED_SYSTEM_MEMORY_BYTES = 300 MB; Dr. Elephant adds it too"),
            new Threshold(TASK_CPUS_MIN_CPU_PER_RUN, 1.3, 1, 64, "CPU time / run time / spark.task.cpus",
                    "Tasks that keep more cores busy than the scheduler reserves for them: CPU time above run time"
                    + " times spark.task.cpus by this factor.",
                    "seed 000 situation table: the task really needs more than one core"),
            new Threshold(TASK_CPUS_HIGH_CPU_PER_RUN, 2, 1, 64, "CPU time / run time / spark.task.cpus",
                    "At or above this factor each task keeps twice the cores the scheduler reserves for it busy.",
                    "spark-advisor default"));

    private InfrastructureThresholds() {}
}
