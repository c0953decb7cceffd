package io.sparkadvisor.rules.execution.aqedisabled;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.partitionsizing.PartitionSizingRule;
import io.sparkadvisor.rules.execution.Adaptive;
import io.sparkadvisor.rules.execution.ShuffleRead;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.List;

/**
 * A run with AQE turned off, and the shuffle stages AQE would have changed: those whose many short tasks it
 * would have coalesced (by Spark's own coalescing arithmetic on the run's settings, at least
 * {@code aqe-disabled.minCoalesceFactor} times fewer), and the sort-merge join stages whose largest partition
 * passes AQE's skew test (skewedPartitionFactor times the median and above skewedPartitionThresholdInBytes,
 * as the run sets them or Spark's defaults), which it would have split into advisory-size pieces.
 *
 * @param aqeSetting spark.sql.adaptive.enabled as the run set it
 * @param sparkVersion the run's Spark version
 * @param stages the stages AQE would have changed
 * @param coalescedStages how many of them AQE would have coalesced
 * @param splitStages how many of them AQE would have split a skewed partition of
 * @param helpedWallMs wall time of those stages
 * @param savedTaskMs task time AQE would have saved
 * @param savedWallMs wall time AQE would have saved
 * @param onByDefault the Spark version runs AQE unless told otherwise (3.2 and later)
 * @param appDurationMs the run's duration
 * @param setBy where the run turned AQE off ({@link JobWide#setBy}): {@code cluster}, {@code code} (on Databricks, the
 *        job's code, as the cluster does not), or {@code run} (the log alone tells)
 */
public record AqeDisabledEvidence(String aqeSetting, String sparkVersion, List<AqeStage> stages, int coalescedStages,
        int splitStages, long helpedWallMs, long savedTaskMs, long savedWallMs, @Internal boolean onByDefault,
        @Internal long appDurationMs, String setBy) implements Evidence {
    static final String KEY = "spark.sql.adaptive.enabled";

    public static List<AqeDisabledEvidence> of(RunView run, Thresholds t) {
        Adaptive aqe = Adaptive.of(run);
        if (aqe.enabled()) {
            return List.of();
        }
        List<AqeStage> stages = new ArrayList<>();
        for (ShuffleRead r : ShuffleRead.of(run)) {
            int coalesced = aqe.coalescingAllowed() ? coalesced(r, run, t) : r.partitions();
            long skewed = aqe.skewJoinAllowed() && sortMergeJoinIn(run, r.stageId()) ? skewedBytes(r, run) : 0;
            if (coalesced < r.partitions() || skewed > 0) {
                stages.add(stage(r, coalesced, skewed, run, t));
            }
        }
        return List.of(of(run.sparkSetting(KEY).orElse(""), run.facts().application().sparkVersion(), stages,
                aqe.onByDefault(), run.appDurationMs(), JobWide.setBy(run, KEY)));
    }

    /** The evidence of a run from the stages AQE would change; the counts and sums are computed here. */
    static AqeDisabledEvidence of(String setting, String version, List<AqeStage> stages, boolean onByDefault,
            long appDurationMs, String setBy) {
        return new AqeDisabledEvidence(setting, version, List.copyOf(stages),
                (int) stages.stream().filter(AqeStage::coalesced).count(), (int) stages.stream().filter(AqeStage::split).count(),
                stages.stream().mapToLong(AqeStage::wallMs).sum(), stages.stream().mapToLong(AqeStage::savedTaskMs).sum(),
                stages.stream().mapToLong(AqeStage::savedWallMs).sum(), onByDefault, appDurationMs, setBy);
    }

    /** The partitions AQE would coalesce a stage of short tasks into; the stage's own count when that is not enough fewer. */
    private static int coalesced(ShuffleRead r, RunView run, Thresholds t) {
        int coalesced = r.coalescedPartitions(run);
        boolean worth = r.medianTaskMs() < t.get(PartitionSizingRule.SMALL_TASK_MS)
                && coalesced * t.get(AqeDisabledRule.MIN_COALESCE_FACTOR) <= r.partitions();
        return worth ? coalesced : r.partitions();
    }

    /** The largest partition when it passes AQE's skew test, else 0. */
    private static long skewedBytes(ShuffleRead r, RunView run) {
        double factor = run.facts().properties().decimal("spark.sql.adaptive.skewJoin.skewedPartitionFactor")
                .orElse(Adaptive.DEFAULT_SKEW_FACTOR);
        long threshold = run.sparkBytes("spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes", 1)
                .orElse(Adaptive.DEFAULT_SKEW_THRESHOLD_BYTES);
        boolean skewed = r.maxPartitionBytes() > factor * r.medianPartitionBytes() && r.maxPartitionBytes() > threshold;
        return skewed ? r.maxPartitionBytes() : 0;
    }

    private static boolean sortMergeJoinIn(RunView run, int stageId) {
        return run.finalStages().stream().filter(s -> s.stageId() == stageId).findFirst()
                .map(s -> run.nodesIn(s).stream().map(PlanNode::sparkTwin).anyMatch("SortMergeJoin"::equals)).orElse(false);
    }

    /**
     * What AQE saves on one stage: coalescing drops the overhead of the partitions it merges (over the
     * run's slots); splitting the skewed partition into advisory-size pieces that run side by side cuts the
     * longest task to one piece's share.
     */
    private static AqeStage stage(ShuffleRead r, int coalesced, long skewed, RunView run, Thresholds t) {
        long task = r.overheadSavedTaskMs(coalesced, t.get(PartitionSizingRule.TINY_TASK_OVERHEAD_SHARE));
        long wall = task / run.slots();
        if (skewed > 0) {
            long advisory = run.sparkBytes("spark.sql.adaptive.advisoryPartitionSizeInBytes", 1)
                    .orElse(ShuffleRead.DEFAULT_ADVISORY_BYTES);
            long pieces = Math.max(1, (skewed + advisory - 1) / advisory);
            wall += r.maxTaskMs() - r.maxTaskMs() / pieces;
        }
        return new AqeStage(r.stageId(), r.partitions(), coalesced, r.bytes(), r.medianTaskMs(), skewed, task, wall, r.wallMs());
    }

    @Override
    public List<Integer> stageIds() {
        return stages.stream().map(AqeStage::stageId).toList();
    }

    public double shareOfRun() {
        return (double) savedWallMs / Math.max(1, appDurationMs);
    }
}
