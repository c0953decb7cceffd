package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.knowledge.facts.SlotAccounting;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.whatif.SlotSimulator;
import java.util.Comparator;
import java.util.List;

/**
 * Slots that had nothing to run while stages ran (time when only the driver works is another
 * matter), and the longest stage with fewer tasks than slots (the usual cause). JSON evidence keys:
 * slots, slotMs (slot time while stages ran), taskMs,
 * idleShare, idleCoreHours, peakRunningTasks, narrowStageId, narrowStageTasks, narrowStageWallMs,
 * proposedPartitions, proposedSlots, predictedMsAtProposedSlots, whatIfModelError.
 */
public record IdleSlotsEvidence(int slots, long slotMs, long taskMs, double idleShare, int peakRunningTasks,
        int narrowStageId, int narrowStageTasks, long narrowStageWallMs, int workers, SlotSimulator whatIf) {

    public static List<IdleSlotsEvidence> of(RunView run) {
        SlotAccounting a = run.facts().slots();
        if (a.stageSlotMs() == 0) {
            return List.of();
        }
        StageFacts narrow = run.finalStages().stream().filter(s -> s.numTasks() < run.slots())
                .max(Comparator.comparingLong(StageFacts::wallMs)).orElse(null);
        int workers = run.cluster().map(c -> Math.max(1, c.maxWorkers())).orElse(1);
        return List.of(new IdleSlotsEvidence(run.slots(), a.stageSlotMs(), a.taskMs(), (double) a.stageIdleSlotMs() / a.stageSlotMs(),
                a.peakRunningTasks(), narrow == null ? -1 : narrow.stageId(), narrow == null ? 0 : narrow.numTasks(),
                narrow == null ? 0 : narrow.wallMs(), workers, run.whatIf()));
    }

    public double idleCoreHours() {
        return idleShare * slotMs / 3_600_000;
    }

    public boolean hasNarrowStage() {
        return narrowStageId >= 0;
    }
}
