package io.sparkadvisor.rules.infrastructure.idleslots;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_ALERTS;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_TUNING;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.dataaccess.partitionsizing.PartitionSizingRule;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/** idle-slots: task slots with nothing to run while stages ran; decided in idle-slots.drl, advised by {@link IdleSlotsAdvice}. */
public final class IdleSlotsRule {
    public static final String ID = "idle-slots";

    public static final Threshold MIN_IDLE_SHARE = new Threshold(ID + ".minIdleShare", 0.5, 0, 1, "idle slot time / slot time",
            "Slots idle for at least this share of the time executors existed.",
            DATAFLINT_ALERTS + " (the idle cores alert, above 50%)").deprecating("idleSlots.minIdleShare");
    public static final Threshold HIGH_IDLE_SHARE = new Threshold(ID + ".highIdleShare", 0.75, 0, 1, "idle slot time / slot time",
            "Severe idleness.", OURS + "halfway from DataFlint's 50% (" + DATAFLINT_ALERTS + ") to all idle")
            .deprecating("idleSlots.highIdleShare");
    public static final Threshold MIN_SLOT_MS = new Threshold(ID + ".minSlotMs", 60_000, 0, 1e15, "slot-milliseconds",
            "Below this much slot time in all, idleness is not worth a change.",
            OURS + "one slot-minute: a floor of absolute size before any ratio counts").deprecating("idleSlots.minSlotMs");
    public static final Threshold TASKS_PER_SLOT = new Threshold(ID + ".tasksPerSlot", 2, 1, 16, "tasks per slot",
            "A narrow stage gets this many partitions per slot of the run.",
            SPARK_TUNING + " (level of parallelism: 2-3 tasks per CPU core), at its low end");
    public static final Threshold BUSY_HEADROOM = new Threshold(ID + ".busyHeadroom", 1.25, 1, 4, "x the busy share of slots",
            "A smaller cluster keeps this many times the slots that were busy, at most all of them.",
            OURS + "a quarter more than the busy slots absorbs run-to-run variation in the input");

    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_IDLE_SHARE);

    public static final Rule<IdleSlotsEvidence> RULE = new Rule<>(ID, Layer.INFRASTRUCTURE, IdleSlotsEvidence.class,
            IdleSlotsEvidence::of, IdleSlotsAdvice::remedy,
            List.of(MIN_IDLE_SHARE, HIGH_IDLE_SHARE, MIN_SLOT_MS, TASKS_PER_SLOT, BUSY_HEADROOM,
                    PartitionSizingRule.MIN_PARTITION_BYTES, JobWide.SHARE), List.of(SEVERITY),
            FindingChart.SLOTS);

    private IdleSlotsRule() {}
}
