package io.sparkadvisor.rules.dataaccess.smallfiles;

import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.Compaction;
import io.sparkadvisor.rules.dataaccess.FileSplits;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import io.sparkadvisor.rules.dataaccess.ScanRead;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * One file scan and what its files cost: how many, how small on average, and Spark's packing
 * arithmetic on them (each file is charged {@code openCostInBytes} on top of its bytes, so a task
 * holds at most {@code filesPerTask} of them) against the tasks the same bytes would take as
 * files of the target size ({@code small-files.targetFileBytes}).
 *
 * @param location the scan's root locations, comma-separated
 * @param format the scan's file format as Spark names it
 * @param tableFormat what the files belong to: delta (a Delta table's data files), iceberg, or the file format in lower case
 * @param files files the scan read
 * @param bytesRead bytes of those files
 * @param avgFileBytes bytesRead / files
 * @param maxPartitionBytes spark.sql.files.maxPartitionBytes in force
 * @param openCostInBytes spark.sql.files.openCostInBytes in force
 * @param splitBytes the split size Spark used for this input
 * @param filesPerTask files of the average size packed into one task
 * @param tasksCreated tasks Spark's arithmetic creates for the files
 * @param tasksObserved tasks the scan's stages ran
 * @param compactedFiles files of the target size holding the same bytes
 * @param tasksIfCompacted tasks Spark would create for the compacted files
 * @param scanTaskMs task time of the scan's stages
 * @param scanWallMs wall time of the scan's stages
 * @param predictiveOptimization Databricks' predictive optimization maintains the Delta table (matched by its name or
 *     location): it runs OPTIMIZE itself, so the advice has no compaction step
 * @param lastOptimizeMs when predictive optimization last finished an OPTIMIZE on it (epoch ms), 0 when none or not read
 * @param stageIds the stages that ran the scan
 * @param slots task slots of the run
 * @param splits Spark's split settings of the run
 * @param savedTaskMs task time the scan would not spend with compacted files: the observed time shrinks with the task count
 * @param appDurationMs the run's duration
 */
public record SmallFilesEvidence(String location, String format, String tableFormat, long files, long bytesRead,
        long avgFileBytes, long maxPartitionBytes, long openCostInBytes, long splitBytes, long filesPerTask, long tasksCreated,
        long tasksObserved, long compactedFiles, long tasksIfCompacted, long scanTaskMs, long scanWallMs,
        boolean predictiveOptimization, long lastOptimizeMs, @Internal List<Integer> stageIds, @Internal int slots, @Internal FileSplits splits, @Internal long savedTaskMs,
        @Internal long appDurationMs) implements Evidence {

    public static List<SmallFilesEvidence> of(RunView run, Thresholds t) {
        FileSplits splits = FileSplits.of(run.facts().properties(), run.slots());
        long target = t.getLong(SmallFilesRule.TARGET_FILE_BYTES);
        // A Delta log's files are compacted by Delta's own checkpoints, never by a rewrite.
        return ScanRead.all(run).stream()
                .filter(r -> r.scan().filesRead() > 0 && !ScanFacts.DELTA_LOG.equals(r.scan().tableFormat()))
                .map(r -> of(r.stageIds(), String.join(", ", r.scan().locations()), r.scan().format(), r.scan().tableFormat(),
                        r.scan().filesRead(), r.scan().bytesRead(), r.tasks(), r.taskMs(), r.stageWallMs(), run.slots(), splits,
                        run.appDurationMs(), target, maintenance(run, r)))
                .toList();
    }

    /** Only a Delta table's compaction is an OPTIMIZE that predictive optimization may run instead. */
    private static PredictiveOptimization maintenance(RunView run, ScanRead r) {
        return ScanFacts.DELTA.equals(r.scan().tableFormat())
                ? PredictiveOptimization.of(run, r.scan().table(), r.scan().locations()) : PredictiveOptimization.NONE;
    }

    /**
     * The evidence of one scan, its packing arithmetic computed for compaction into files of {@code targetFileBytes};
     * {@code maintenance} says whether predictive optimization compacts its table.
     */
    static SmallFilesEvidence of(List<Integer> stageIds, String location, String format, String tableFormat, long files,
            long bytesRead, long tasksObserved, long scanTaskMs, long scanWallMs, int slots, FileSplits splits,
            long appDurationMs, long targetFileBytes, PredictiveOptimization maintenance) {
        long avg = bytesRead / Math.max(1, files);
        long split = splits.splitBytes(files, bytesRead);
        Compaction c = Compaction.of(splits, bytesRead, tasksObserved, scanTaskMs, targetFileBytes);
        return new SmallFilesEvidence(location, format, tableFormat, files, bytesRead, avg, splits.maxPartitionBytes(),
                splits.openCostBytes(), split, splits.filesPerTask(avg, split), splits.tasks(files, bytesRead), tasksObserved,
                c.compactedFiles(), c.tasksIfCompacted(), scanTaskMs, scanWallMs, maintenance.maintained(),
                maintenance.lastOptimizeMs(), stageIds, slots, splits, c.savedTaskMs(),
                appDurationMs);
    }

    /** The share of the run's wall time the scan's stages took; the DRL reads it for severity. */
    public double shareOfApp() {
        return (double) scanWallMs / Math.max(1, appDurationMs);
    }
}
