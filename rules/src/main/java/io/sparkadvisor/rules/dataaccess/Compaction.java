package io.sparkadvisor.rules.dataaccess;

/**
 * What compacting a scan's input into files of a target size would do: the files the same bytes
 * make, the tasks Spark would cut them into, and the task time that goes with the tasks no longer
 * created (the observed time is taken to shrink with the task count). Shared by the plain-files and
 * the Delta small-file rules, which advise compaction through different means.
 *
 * @param compactedFiles files of the target size holding the same bytes
 * @param tasksIfCompacted tasks Spark would create for them
 * @param savedTaskMs task time the scan would not spend
 */
public record Compaction(long compactedFiles, long tasksIfCompacted, long savedTaskMs) {

    public static Compaction of(FileSplits splits, long bytesRead, long tasksObserved, long scanTaskMs, long targetFileBytes) {
        long compacted = Math.max(1, FileSplits.ceilDiv(bytesRead, targetFileBytes));
        long tasks = splits.tasks(compacted, bytesRead);
        double kept = (double) tasks / Math.max(1, tasksObserved);
        return new Compaction(compacted, tasks, (long) (scanTaskMs * Math.max(0, 1 - kept)));
    }

    /** The wall time saved: the freed task time spread over the run's slots, never more than the scan's own wall time. */
    public long savedWallMs(int slots, long scanWallMs) {
        return Math.min(scanWallMs, savedTaskMs / Math.max(1, slots));
    }
}
