package io.sparkadvisor.rules.infrastructure.idleslots;

import static io.sparkadvisor.rules.thresholds.GeneralThresholds.FOLLOW_UP_TRADE_OFF_RATIO;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Idle slots: when a long stage has fewer tasks than slots, more partitions ({@code idle-slots.tasksPerSlot}
 * per slot); otherwise a smaller cluster sized to the slots actually used, checked with the what-if replay.
 * The follow-up measures, for more partitions, at least one task per slot in the stage, its wall time
 * down, tasks still long enough, no new spill and the run not slower; for fewer workers, the idle share
 * under {@code idle-slots.minIdleShare}, slot time down with the workers and the run at most
 * {@code follow-up.tradeOffRatio} slower.
 */
final class IdleSlotsAdvice {
    private IdleSlotsAdvice() {}

    static Remedy remedy(IdleSlotsEvidence e, Diagnosis d, Thresholds t) {
        // Slot time scales with the workers; the run may take the trade-off's extra time on top.
        double slotTimeShare = (double) e.proposedWorkers() / e.workers() * t.get(FOLLOW_UP_TRADE_OFF_RATIO);
        Map<String, Object> scope = new HashMap<>();
        scope.put("idleShare", Format.percent(e.idleShare()));
        scope.put("slots", e.slots());
        scope.put("idleCoreHours", Format.round(e.idleCoreHours()));
        scope.put("stageId", e.narrowStageId());
        scope.put("stageTasks", e.narrowStageTasks());
        scope.put("stageWall", Format.duration(e.narrowStageWallMs()));
        scope.put("partitions", e.proposedPartitions());
        scope.put("proposedSlots", e.proposedSlots());
        scope.put("proposedWorkers", e.proposedWorkers());
        scope.put("workers", e.workers());
        scope.put("observed", Format.duration(e.observedMs()));
        scope.put("predicted", Format.duration(e.predictedMsAtProposedSlots()));
        scope.put("modelError", Format.percent(e.whatIfModelError()));
        scope.put("slotTimeShare", Format.percent(slotTimeShare));
        scope.put("kafka", e.sources().kafka());
        scope.put("inCode", e.repartitionInCode());
        scope.put("byCode", e.repartitionInCode() >= 0);
        Messages m = Messages.of(IdleSlotsRule.ID, scope, t);

        // The code's own repartition(n) is raised where it stands; RDD code takes its partitions from the data it is handed.
        Change partition = !e.narrowSqlPlan() ? Change.manual(m.text("partitionChange"), m.text("rddInstruction"))
                : Change.code(m.text("partitionChange"), m.text("partitionSnippet"));
        Step step = e.hasNarrowStage()
                // spark.sql.shuffle.partitions only where it set the stage's tasks; elsewhere the repartition alone.
                ? new Step(1, e.shuffleSettingNarrowed()
                        ? List.of(partition, JobWide.setting("spark.sql.shuffle.partitions", e.proposedPartitions(),
                                e.narrowStageId(), e.jobWide()))
                        : List.of(partition), m.list("partitionChecks"), m.text("partitionRollback"), partitionChecks(e, t, m))
                : new Step(1, List.of(Change.cluster("num_workers", e.proposedWorkers())), m.list("shrinkChecks"),
                        m.text("shrinkRollback"), shrinkChecks(e, t, m, slotTimeShare));
        return Remedy.of(m, e.hasNarrowStage() ? "summaryPartitions" : "summaryShrink", List.of(step),
                new Savings(0, Format.round(e.idleCoreHours())).upTo());
    }

    private static List<MetricCheck> partitionChecks(IdleSlotsEvidence e, Thresholds t, Messages m) {
        Checks stage = Checks.ofStage(e.narrowStageId());
        return List.of(
                new MetricCheck(stage.metric(Metric.TASKS), Comparison.AT_LEAST, e.slots(), m.text("tasksCheck")),
                new MetricCheck(stage.metric(Metric.WALL_MS), Comparison.BELOW, e.narrowStageWallMs(), m.text("wallCheck")),
                stage.tasksLongEnough(t), stage.noNewSpill(), Checks.ofRun().notSlower(t));
    }

    private static List<MetricCheck> shrinkChecks(IdleSlotsEvidence e, Thresholds t, Messages m, double slotTimeShare) {
        return List.of(Checks.ofRun().notMuchSlower(t),
                new MetricCheck(Metric.IDLE_SLOT_SHARE.ofRun(), Comparison.BELOW, t.get(IdleSlotsRule.MIN_IDLE_SHARE), m.text("idleCheck")),
                new MetricCheck(Metric.SLOT_MS.ofRun(), Comparison.AT_MOST_BASELINE_TIMES, slotTimeShare, m.text("slotTimeCheck")));
    }
}
