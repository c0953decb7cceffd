package io.sparkadvisor.rules.infrastructure;

import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_TRADE_OFF_RATIO;
import static io.sparkadvisor.rules.thresholds.InfrastructureThresholds.IDLE_MIN_SHARE;

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
 * Idle slots: when a long stage has fewer tasks than slots, more partitions (two tasks per slot);
 * otherwise a smaller cluster sized to the slots actually used, checked with the what-if replay.
 * The follow-up measures, for more partitions, at least one task per slot in the stage, its wall time
 * down, tasks still long enough, no new spill and the run not slower; for fewer workers, the idle share
 * under {@code idleSlots.minIdleShare}, slot time down with the workers and the run at most
 * {@code followUp.tradeOffRatio} slower.
 */
public final class IdleSlotsAdvice {
    public static final String RULE = "idle-slots";

    private IdleSlotsAdvice() {}

    public static Finding finding(IdleSlotsEvidence e, Thresholds t, Severity severity) {
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
        Messages m = Messages.of(RULE, scope, t);

        Step step = e.hasNarrowStage()
                ? new Step(1, List.of(Change.code("repartition stage " + e.narrowStageId() + " into " + partitions, m.text("partitionSnippet")),
                        Change.sparkConf("spark.sql.shuffle.partitions", partitions)), m.list("partitionChecks"), m.text("partitionRollback"),
                        partitionChecks(e, t))
                : new Step(1, List.of(Change.cluster("num_workers", proposedWorkers)), m.list("shrinkChecks"), m.text("shrinkRollback"),
                        shrinkChecks(e, t, (double) proposedWorkers / e.workers()));

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

    private static List<MetricCheck> partitionChecks(IdleSlotsEvidence e, Thresholds t) {
        int stageId = e.narrowStageId();
        Checks stage = Checks.ofStage(stageId);
        return List.of(
                new MetricCheck(stage.metric(RunMetrics.TASKS), Comparison.AT_LEAST, e.slots(),
                        "stage " + stageId + " runs at least " + e.slots() + " tasks, one per slot (it ran " + e.narrowStageTasks() + ")"),
                new MetricCheck(stage.metric(RunMetrics.WALL_MS), Comparison.BELOW, e.narrowStageWallMs(),
                        "stage " + stageId + " takes less than its " + Format.duration(e.narrowStageWallMs())),
                stage.tasksLongEnough(t), stage.noNewSpill(), Checks.ofRun().notSlower(t));
    }

    /** Slot time scales with the workers; the run may take the trade-off's extra time on top. */
    private static List<MetricCheck> shrinkChecks(IdleSlotsEvidence e, Thresholds t, double workerShare) {
        double idleLimit = t.get(IDLE_MIN_SHARE);
        double slotTimeShare = workerShare * t.get(FOLLOW_UP_TRADE_OFF_RATIO);
        return List.of(Checks.ofRun().notMuchSlower(t),
                new MetricCheck(RunMetrics.IDLE_SLOT_SHARE, Comparison.BELOW, idleLimit,
                        "idle slot time falls below " + Format.percent(idleLimit) + " of slot time (it was " + Format.percent(e.idleShare()) + ")"),
                new MetricCheck(RunMetrics.SLOT_MS, Comparison.AT_MOST_BASELINE_TIMES, slotTimeShare,
                        "slot time paid falls to at most " + Format.percent(slotTimeShare) + " of before"));
    }
}
