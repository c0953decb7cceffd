package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.knowledge.facts.SparkProperties;

/**
 * Spark's arithmetic for cutting file input into tasks ({@code FilePartition.maxSplitBytes} and
 * {@code getFilePartitions}), applied to files of equal size. Shared by partition-sizing (what a
 * smaller split would give) and small-files (what the per-file open cost does to tiny files).
 */
public record FileSplits(long maxPartitionBytes, long openCostBytes, int minPartitionNum) {
    public static final long MB = 1L << 20;
    public static final long DEFAULT_MAX_PARTITION_BYTES = 128 * MB;
    public static final long DEFAULT_OPEN_COST_BYTES = 4 * MB;

    /** The settings of the run; unset ones take Spark's defaults ({@code minPartitionNum} defaults to the default parallelism, i.e. the slots). */
    public static FileSplits of(SparkProperties properties, int slots) {
        return new FileSplits(
                properties.bytes("spark.sql.files.maxPartitionBytes", 1).orElse(DEFAULT_MAX_PARTITION_BYTES),
                properties.bytes("spark.sql.files.openCostInBytes", 1).orElse(DEFAULT_OPEN_COST_BYTES),
                properties.integer("spark.sql.files.minPartitionNum").orElse(slots));
    }

    public FileSplits withMaxPartitionBytes(long bytes) {
        return new FileSplits(bytes, openCostBytes, minPartitionNum);
    }

    /** The split size Spark uses: maxPartitionBytes, shrunk so that minPartitionNum tasks share the input, never below the open cost. */
    public long splitBytes(long files, long bytes) {
        long bytesPerCore = (bytes + files * openCostBytes) / Math.max(1, minPartitionNum);
        return Math.min(maxPartitionBytes, Math.max(openCostBytes, bytesPerCore));
    }

    /**
     * Files of this size packed into one task. Each file is charged the open cost after it is
     * added, so the last file only needs its own bytes to fit: 12 KB files at 128 MB make 32 a task.
     */
    public long filesPerTask(long fileBytes, long splitBytes) {
        return Math.max(1, (splitBytes + openCostBytes) / (fileBytes + openCostBytes));
    }

    /** Tasks Spark creates for {@code files} splittable files of equal size: each full split is a task, the remainders are packed together. */
    public long tasks(long files, long bytes) {
        if (files <= 0) {
            return 0;
        }
        long split = splitBytes(files, bytes);
        long fileBytes = bytes / files;
        long remainder = fileBytes % split;
        long remainderTasks = remainder == 0 && fileBytes > 0 ? 0 : ceilDiv(files, filesPerTask(remainder, split));
        return files * (fileBytes / split) + remainderTasks;
    }

    public static long ceilDiv(long a, long b) {
        return (a + b - 1) / Math.max(1, b);
    }
}
