package io.sparkadvisor.rules.execution.shufflesizing;

import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.partitionsizing.PartitionSizingRule;
import io.sparkadvisor.rules.execution.Adaptive;
import io.sparkadvisor.rules.execution.ShuffleRead;
import io.sparkadvisor.rules.execution.spill.SpillRule;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;

/**
 * One stage whose shuffle partitions are far from the target size, with the partition count its bytes call
 * for: at least one per slot when the partitions are too small, whole waves of the slots when too large.
 *
 * @param stageId the stage
 * @param partitions the stage's shuffle partitions (its successful tasks)
 * @param shuffleReadBytes shuffle bytes the stage read
 * @param bytesPerPartition shuffleReadBytes / partitions
 * @param medianTaskMs the median task's duration
 * @param stageWallMs the stage's wall time
 * @param spilledBytes memory the stage's tasks spilled
 * @param shufflePartitions spark.sql.shuffle.partitions as the run set it (Spark's default 200 when unset)
 * @param aqeCoalescing whether AQE coalesced the partitions (on, with spark.sql.adaptive.coalescePartitions.enabled)
 * @param countFromSetting whether spark.sql.shuffle.partitions gave the count (else the code did, with repartition or
 *        coalesce: a repartition(n) in the code is never the setting's, AQE or not)
 * @param proposedPartitions the partition count the shuffle's bytes call for
 * @param savedTaskMs task time the proposed count saves: the overhead of the partitions dropped, or the spill's disk I/O
 * @param kind too small or too large
 * @param databricks the run is on Databricks, where spark.sql.shuffle.partitions=auto sizes every shuffle
 * @param slots task slots of the run
 * @param appDurationMs the run's duration
 * @param jobWide whether a partition count goes into the job's cluster: the stage holds at least general.jobWideShare
 *        of the shuffle bytes the setting sizes in the run; else it is set for the stage's query only (on Databricks
 *        {@code auto} sizes each shuffle from its own bytes, so it suits every job)
 */
public record ShuffleSizingEvidence(int stageId, int partitions, long shuffleReadBytes, long bytesPerPartition,
        long medianTaskMs, long stageWallMs, long spilledBytes, String shufflePartitions, boolean aqeCoalescing,
        boolean countFromSetting, int proposedPartitions, long savedTaskMs, @Internal ShuffleSizingKind kind, @Internal boolean databricks,
        @Internal int slots, @Internal long appDurationMs, boolean jobWide) implements Evidence {
    /** Spark's default spark.sql.shuffle.partitions. */
    private static final String SPARK_DEFAULT_PARTITIONS = "200";

    public static List<ShuffleSizingEvidence> of(RunView run, Thresholds t) {
        Adaptive aqe = Adaptive.of(run);
        String setting = run.sparkSetting("spark.sql.shuffle.partitions").orElse(SPARK_DEFAULT_PARTITIONS);
        boolean databricks = run.facts().platform().databricks();
        long governed = JobWide.settingShuffleBytes(run);
        return ShuffleRead.of(run).stream().flatMap(r -> kind(r, t)
                .map(k -> of(r, k, setting, aqe.coalescing(), databricks, run.slots(), run.appDurationMs(), t)
                        .withJobWide(databricks || JobWide.benefits(r.bytes(), governed, t))).stream())
                .toList();
    }

    private static Optional<ShuffleSizingKind> kind(ShuffleRead r, Thresholds t) {
        if (r.bytesPerPartition() < t.getLong(ShuffleSizingRule.MIN_PARTITION_BYTES)) {
            return Optional.of(ShuffleSizingKind.TOO_SMALL);
        }
        return r.bytesPerPartition() > t.getLong(ShuffleSizingRule.MAX_PARTITION_BYTES) ? Optional.of(ShuffleSizingKind.TOO_LARGE)
                : Optional.empty();
    }

    /** The evidence of one stage; the proposed count and the saving are computed here. */
    static ShuffleSizingEvidence of(ShuffleRead r, ShuffleSizingKind kind, String setting, boolean aqeCoalescing,
            boolean databricks, int slots, long appDurationMs, Thresholds t) {
        long byBytes = Math.max(1, (r.bytes() + t.getLong(ShuffleSizingRule.TARGET_PARTITION_BYTES) - 1)
                / t.getLong(ShuffleSizingRule.TARGET_PARTITION_BYTES));
        int proposed;
        long saved;
        if (kind == ShuffleSizingKind.TOO_SMALL) {
            proposed = (int) Math.min(r.partitions(), Math.max(slots, byBytes));
            saved = r.overheadSavedTaskMs(proposed, t.get(PartitionSizingRule.TINY_TASK_OVERHEAD_SHARE));
        } else {
            proposed = (int) ((byBytes + slots - 1) / slots * slots);
            // Spilled bytes are written to local disk once and read back once.
            saved = Math.round(2_000.0 * r.diskSpilledBytes() / t.get(SpillRule.DISK_BYTES_PER_SECOND));
        }
        boolean fromSetting = r.countByCode() < 0
                && (aqeCoalescing || SparkProperties.parseInteger(setting).filter(n -> n == r.partitions()).isPresent());
        return new ShuffleSizingEvidence(r.stageId(), r.partitions(), r.bytes(), r.bytesPerPartition(), r.medianTaskMs(),
                r.wallMs(), r.spilledBytes(), setting, aqeCoalescing, fromSetting, proposed, saved, kind, databricks, slots, appDurationMs,
                true);
    }

    ShuffleSizingEvidence withJobWide(boolean benefits) {
        return new ShuffleSizingEvidence(stageId, partitions, shuffleReadBytes, bytesPerPartition, medianTaskMs, stageWallMs,
                spilledBytes, shufflePartitions, aqeCoalescing, countFromSetting, proposedPartitions, savedTaskMs, kind, databricks,
                slots, appDurationMs, benefits);
    }

    @Override
    public List<Integer> stageIds() {
        return List.of(stageId);
    }

    /** How many times fewer partitions the proposal runs. */
    public double shrinkFactor() {
        return (double) partitions / Math.max(1, proposedPartitions);
    }

    /** The saving spread over the run's slots. */
    public long savedWallMs() {
        return savedTaskMs / Math.max(1, slots);
    }

    public double shareOfRun() {
        return (double) savedWallMs() / Math.max(1, appDurationMs);
    }
}
