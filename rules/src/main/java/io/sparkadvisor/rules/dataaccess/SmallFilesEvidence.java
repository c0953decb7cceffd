package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.rules.advisor.RunView;
import java.util.List;

/**
 * One file scan and what its files cost: how many, how small on average, and Spark's packing
 * arithmetic on them (each file is charged {@code openCostInBytes} on top of its bytes, so a task
 * holds at most {@link #filesPerTask()} of them) against the tasks the same bytes would take as
 * files of the target size.
 *
 * <p>Evidence keys in the finding (stable): {@code location}, {@code format}, {@code files},
 * {@code bytesRead}, {@code avgFileBytes}, {@code maxPartitionBytes}, {@code openCostInBytes},
 * {@code splitBytes}, {@code filesPerTask}, {@code tasksCreated} (by the arithmetic),
 * {@code tasksObserved} (in the scan's stages), {@code compactedFiles}, {@code tasksIfCompacted},
 * {@code scanTaskMs}, {@code scanWallMs}.
 */
public record SmallFilesEvidence(List<Integer> stageIds, String location, String format, long files, long bytesRead,
        long tasksObserved, long scanTaskMs, long scanWallMs, int slots, FileSplits splits, long appDurationMs) {

    public static List<SmallFilesEvidence> of(RunView run) {
        FileSplits splits = FileSplits.of(run.facts().properties(), run.slots());
        return ScanRead.all(run).stream().filter(r -> r.scan().filesRead() > 0)
                .map(r -> new SmallFilesEvidence(r.stageIds(), String.join(", ", r.scan().locations()), r.scan().format(),
                        r.scan().filesRead(), r.scan().bytesRead(), r.tasks(), r.taskMs(), r.stageWallMs(), run.slots(),
                        splits, run.appDurationMs()))
                .toList();
    }

    public long avgFileBytes() {
        return bytesRead / Math.max(1, files);
    }

    public long splitBytes() {
        return splits.splitBytes(files, bytesRead);
    }

    public long filesPerTask() {
        return splits.filesPerTask(avgFileBytes(), splitBytes());
    }

    public long tasksCreated() {
        return splits.tasks(files, bytesRead);
    }

    /** Files of {@code targetFileBytes} holding the same bytes. */
    public long compactedFiles(long targetFileBytes) {
        return Math.max(1, FileSplits.ceilDiv(bytesRead, targetFileBytes));
    }

    public long tasksIfCompacted(long targetFileBytes) {
        return splits.tasks(compactedFiles(targetFileBytes), bytesRead);
    }

    /** Task time the scan would not spend with compacted files: the observed time shrinks with the task count. */
    public long savedTaskMs(long targetFileBytes) {
        double kept = (double) tasksIfCompacted(targetFileBytes) / Math.max(1, tasksObserved);
        return (long) (scanTaskMs * Math.max(0, 1 - kept));
    }

    public double shareOfApp() {
        return (double) scanWallMs / Math.max(1, appDurationMs);
    }
}
