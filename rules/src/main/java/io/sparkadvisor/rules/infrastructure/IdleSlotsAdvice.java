package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Idle slots: when a long stage has fewer tasks than slots, more partitions (two tasks per slot);
 * otherwise a smaller cluster sized to the slots actually used, checked with the what-if replay.
 */
public final class IdleSlotsAdvice {
    public static final String RULE = "idle-slots";

    private IdleSlotsAdvice() {}

    public static Finding finding(IdleSlotsEvidence e, Severity severity) {
        int partitions = e.slots() * 2;
        double busyShare = 1 - e.idleShare();
        int proposedSlots = Math.max(1, (int) Math.ceil(e.slots() * Math.min(1, busyShare * 1.25)));
        int proposedWorkers = Math.max(1, (int) Math.ceil(e.workers() * (double) proposedSlots / e.slots()));
        long predicted = e.whatIf().predictMs(proposedSlots);
        Map<String, Object> scope = new HashMap<>();
        scope.put("idleShare", Format.percent(e.idleShare()));
        scope.put("slots", e.slots());
        scope.put("idleCoreHours", Format.round(e.idleCoreHours()));
        scope.put("stageId", e.narrowStageId());
        scope.put("stageTasks", e.narrowStageTasks());
        scope.put("stageWall", Format.duration(e.narrowStageWallMs()));
        scope.put("partitions", partitions);
        scope.put("proposedSlots", proposedSlots);
        scope.put("proposedWorkers", proposedWorkers);
        scope.put("workers", e.workers());
        scope.put("observed", Format.duration(e.whatIf().observedMs()));
        scope.put("predicted", Format.duration(predicted));
        scope.put("modelError", Format.percent(e.whatIf().modelError()));
        Messages m = Messages.of(RULE, scope);

        Step step = e.hasNarrowStage()
                ? new Step(1, List.of(Change.code("repartition stage " + e.narrowStageId() + " into " + partitions, m.text("partitionSnippet")),
                        Change.sparkConf("spark.sql.shuffle.partitions", partitions)), m.list("partitionChecks"), m.text("partitionRollback"))
                : new Step(1, List.of(Change.cluster("num_workers", proposedWorkers)), m.list("shrinkChecks"), m.text("shrinkRollback"));

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("slots", e.slots());
        evidence.put("slotMs", e.slotMs());
        evidence.put("taskMs", e.taskMs());
        evidence.put("idleShare", Format.round(e.idleShare()));
        evidence.put("idleCoreHours", Format.round(e.idleCoreHours()));
        evidence.put("peakRunningTasks", e.peakRunningTasks());
        evidence.put("narrowStageId", e.narrowStageId());
        evidence.put("narrowStageTasks", e.narrowStageTasks());
        evidence.put("narrowStageWallMs", e.narrowStageWallMs());
        evidence.put("proposedPartitions", partitions);
        evidence.put("proposedSlots", proposedSlots);
        evidence.put("predictedMsAtProposedSlots", predicted);
        evidence.put("whatIfModelError", Format.round(e.whatIf().modelError()));
        List<Integer> stages = e.hasNarrowStage() ? List.of(e.narrowStageId()) : List.of();
        return new Finding(RULE, Layer.INFRASTRUCTURE, severity, m.text("title"), stages, evidence,
                new Recommendation(m.text(e.hasNarrowStage() ? "summaryPartitions" : "summaryShrink"), m.list("preconditions"),
                        List.of(step), m.text("proof"), m.text("experiment")),
                new Savings(0, Format.round(e.idleCoreHours())));
    }
}
