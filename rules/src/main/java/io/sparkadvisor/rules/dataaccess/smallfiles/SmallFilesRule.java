package io.sparkadvisor.rules.dataaccess.smallfiles;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_METRICS;
import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_SQL_INPUT_OUTPUT;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * small-files: a scan of many files far smaller than a split; decided in small-files.drl, advised by
 * {@link SmallFilesAdvice}. Severity is the general share-of-run ladder alone.
 */
public final class SmallFilesRule {
    public static final String ID = "small-files";
    private static final long MIB = 1L << 20;

    public static final Threshold MAX_AVG_FILE_BYTES = new Threshold(ID + ".maxAvgFileBytes", 3 * MIB, 1, 1024 * MIB, "bytes",
            "Input files smaller than this on average are small files.",
            DATAFLINT_SQL_INPUT_OUTPUT + " (readSmallFiles: BYTE_READ_TOO_SMALL_THRESHOLD = 3 MiB)")
            .deprecating("smallFiles.maxAvgFileBytes");
    public static final Threshold MIN_FILES = new Threshold(ID + ".minFiles", 100, 1, 100_000_000, "files",
            "Fewer input files than this raise nothing, however small.",
            DATAFLINT_SQL_INPUT_OUTPUT + " (readSmallFiles: FILES_READ_TOO_HIGH_THREASHOLD = 100)")
            .deprecating("smallFiles.minFiles");
    public static final Threshold MIN_SCAN_TASK_MS = new Threshold(ID + ".minScanTaskMs", 5_000, 0, 86_400_000,
            "milliseconds of task time", "The task time spent scanning the files must reach this before small files count.",
            DATAFLINT_METRICS + " (MAX_TASK_DURATION_THRESHOLD_MS = 5000: an absolute floor under every ratio)")
            .deprecating("smallFiles.minScanTaskMs");
    public static final Threshold TARGET_FILE_BYTES = new Threshold(ID + ".targetFileBytes", 128 * MIB, MIB, 16_384 * MIB, "bytes",
            "The file size compaction aims for.",
            DATAFLINT_SQL_INPUT_OUTPUT + " (IDEAL_FILE_SIZE = 128 MiB, also Spark's default spark.sql.files.maxPartitionBytes)")
            .deprecating("smallFiles.targetFileBytes");

    public static final Rule<SmallFilesEvidence> RULE = new Rule<>(ID, Layer.DATA_ACCESS, SmallFilesEvidence.class,
            SmallFilesEvidence::of, SmallFilesAdvice::remedy,
            List.of(MAX_AVG_FILE_BYTES, MIN_FILES, MIN_SCAN_TASK_MS, TARGET_FILE_BYTES), List.of(), FindingChart.NONE);

    private SmallFilesRule() {}
}
