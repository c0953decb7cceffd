package io.sparkadvisor.rules.infrastructure.idleslots;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.facts.SlotAccounting;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.InputSources;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.StagePartitions;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.GeneralThresholds;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.rules.whatif.SlotSimulator;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Slots that had nothing to run while stages ran (time when only the driver works is another
 * matter), and the longest stage with fewer tasks than slots whose data and work justify more (the usual cause; see
 * {@link StagePartitions}: a listing or planning stage that read nothing, a stage of a few KB, one that waits on a
 * straggler or one shorter than {@link GeneralThresholds#MIN_STAGE_WALL_MS} is not one), with the two remedies' numbers:
 * partitions for that stage, or the slots and workers a smaller cluster needs.
 *
 * @param slots task slots of the run
 * @param slotMs slot time while stages ran
 * @param taskMs task time while stages ran
 * @param idleShare idle slot time / slot time while stages ran
 * @param idleCoreHours idle slot time in core-hours
 * @param peakRunningTasks the most tasks that ran at once
 * @param narrowStageId the longest stage with fewer tasks than slots that more partitions would help, -1 when there is none
 * @param narrowStageTasks that stage's tasks (0 without one)
 * @param narrowStageWallMs that stage's wall time (0 without one)
 * @param proposedPartitions partitions for the narrow stage: {@code idle-slots.tasksPerSlot} per slot, or fewer where its
 *        bytes and work justify fewer ({@link StagePartitions#justified})
 * @param proposedSlots slots a smaller cluster needs: the busy share of the slots with {@code idle-slots.busyHeadroom}
 * @param predictedMsAtProposedSlots the run's duration the what-if replay predicts at the proposed slots
 * @param whatIfModelError the replay's error at the observed slots
 * @param workers the cluster's (maximum) workers, 1 when unknown
 * @param proposedWorkers workers that give the proposed slots
 * @param observedMs the run's duration as the replay measures it at the observed slots
 * @param shuffleSettingNarrowed whether spark.sql.shuffle.partitions made the narrow stage's task count: it reads a shuffle
 *        and ran exactly the setting's partitions (Spark's 200 when unset). A scan's tasks come from the file splits
 *        (partition-sizing's remedy); a single-partition exchange, AQE's coalescing or Databricks' auto leave the setting
 *        no say, and raising a job-wide setting there changes other stages only
 * @param sources the inputs the run's plans read whose own options a remedy names (Kafka's minPartitions)
 * @param repartitionInCode the n of the job's own repartition(n) that cut the narrow stage's input, -1 without one
 * @param narrowSqlPlan whether the narrow stage runs a SQL plan (else RDD code, whose partitions come from the RDD it maps)
 * @param jobWide whether spark.sql.shuffle.partitions, where it made the narrow stage, goes into the job's cluster: the
 *        stage holds at least general.jobWideShare of the shuffle bytes the setting sizes in the run; else it is set for
 *        the stage's query only
 */
public record IdleSlotsEvidence(int slots, long slotMs, long taskMs, double idleShare, double idleCoreHours,
        int peakRunningTasks, int narrowStageId, int narrowStageTasks, long narrowStageWallMs, int proposedPartitions,
        int proposedSlots, long predictedMsAtProposedSlots, double whatIfModelError, @Internal int workers,
        @Internal int proposedWorkers, @Internal long observedMs, @Internal boolean shuffleSettingNarrowed, @Internal InputSources sources,
        int repartitionInCode, @Internal boolean narrowSqlPlan, boolean jobWide) implements Evidence {

    private static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";
    /** Spark's default spark.sql.shuffle.partitions. */
    private static final int DEFAULT_SHUFFLE_PARTITIONS = 200;

    public static List<IdleSlotsEvidence> of(RunView run, Thresholds t) {
        SlotAccounting a = run.facts().slots();
        if (a.stageSlotMs() == 0) {
            return List.of();
        }
        long ceiling = (long) run.slots() * t.getInt(IdleSlotsRule.TASKS_PER_SLOT);
        Optional<StagePartitions> narrow = run.finalStages().stream()
                .filter(s -> s.numTasks() < run.slots() && s.wallMs() >= t.get(GeneralThresholds.MIN_STAGE_WALL_MS))
                .sorted(Comparator.comparingLong(StageFacts::wallMs).reversed()).map(s -> StagePartitions.of(run, s))
                .filter(p -> !p.straggler(t) && p.justified(ceiling, t) > p.tasks()).findFirst();
        Optional<StageFacts> stage = narrow.flatMap(p -> run.facts().stage(p.stageId()));
        int workers = run.cluster().map(ClusterShape::billedWorkers).orElse(1);
        IdleSlotsEvidence e = of(run.slots(), a.stageSlotMs(), a.taskMs(), (double) a.stageIdleSlotMs() / a.stageSlotMs(),
                a.peakRunningTasks(), stage.map(StageFacts::stageId).orElse(-1), stage.map(StageFacts::numTasks).orElse(0),
                stage.map(StageFacts::wallMs).orElse(0L), workers, run.whatIf(), t);
        return List.of(narrow.map(p -> e.withNarrow((int) p.justified(ceiling, t), shuffleSettingNarrowed(run, stage.get()),
                p.countByCode(), p.sqlPlan(), JobWide.benefits(stage.get().sum(TaskMetric.SHUFFLE_READ_BYTES),
                        JobWide.settingShuffleBytes(run), t))).orElse(e).withSources(InputSources.of(run)));
    }

    private static boolean shuffleSettingNarrowed(RunView run, StageFacts narrow) {
        boolean auto = run.sparkSetting(SHUFFLE_PARTITIONS).filter(v -> v.trim().equalsIgnoreCase("auto")).isPresent();
        return narrow.sum(TaskMetric.SHUFFLE_READ_BYTES) > 0 && !auto
                && run.sparkInteger(SHUFFLE_PARTITIONS).orElse(DEFAULT_SHUFFLE_PARTITIONS) == narrow.numTasks();
    }

    /** The narrow stage's partitions as its data justify them, and where its count came from. */
    IdleSlotsEvidence withNarrow(int partitions, boolean bySetting, int inCode, boolean sqlPlan, boolean benefits) {
        return new IdleSlotsEvidence(slots, slotMs, taskMs, idleShare, idleCoreHours, peakRunningTasks, narrowStageId,
                narrowStageTasks, narrowStageWallMs, partitions, proposedSlots, predictedMsAtProposedSlots,
                whatIfModelError, workers, proposedWorkers, observedMs, bySetting, sources, inCode, sqlPlan, benefits);
    }

    IdleSlotsEvidence withSources(InputSources read) {
        return new IdleSlotsEvidence(slots, slotMs, taskMs, idleShare, idleCoreHours, peakRunningTasks, narrowStageId,
                narrowStageTasks, narrowStageWallMs, proposedPartitions, proposedSlots, predictedMsAtProposedSlots,
                whatIfModelError, workers, proposedWorkers, observedMs, shuffleSettingNarrowed, read, repartitionInCode,
                narrowSqlPlan, jobWide);
    }

    /** The evidence from the slot accounting, with the remedies' numbers computed. */
    public static IdleSlotsEvidence of(int slots, long slotMs, long taskMs, double idleShare, int peakRunningTasks,
            int narrowStageId, int narrowStageTasks, long narrowStageWallMs, int workers, SlotSimulator whatIf, Thresholds t) {
        int partitions = slots * t.getInt(IdleSlotsRule.TASKS_PER_SLOT);
        double busyShare = 1 - idleShare;
        int proposedSlots = Math.max(1, (int) Math.ceil(slots * Math.min(1, busyShare * t.get(IdleSlotsRule.BUSY_HEADROOM))));
        int proposedWorkers = Math.max(1, (int) Math.ceil(workers * (double) proposedSlots / slots));
        return new IdleSlotsEvidence(slots, slotMs, taskMs, idleShare, idleShare * slotMs / 3_600_000, peakRunningTasks,
                narrowStageId, narrowStageTasks, narrowStageWallMs, partitions, proposedSlots, whatIf.predictMs(proposedSlots),
                whatIf.modelError(), workers, proposedWorkers, whatIf.observedMs(), false, InputSources.NONE, -1, true, true);
    }

    @Override
    public List<Integer> stageIds() {
        return hasNarrowStage() ? List.of(narrowStageId) : List.of();
    }

    public boolean hasNarrowStage() {
        return narrowStageId >= 0;
    }
}
