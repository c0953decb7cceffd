package io.sparkadvisor.rules.dataaccess.deltalayout;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_METRICS;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * delta-file-layout: a Delta table whose scan opened many files far smaller than Delta's own
 * compaction targets; decided in delta-file-layout.drl, advised by {@link DeltaFileLayoutAdvice}
 * (OPTIMIZE with ZORDER BY or liquid clustering on the filter columns, then the auto-optimize table
 * properties). Severity is the general share-of-run ladder alone.
 */
public final class DeltaFileLayoutRule {
    public static final String ID = "delta-file-layout";
    private static final long MIB = 1L << 20;
    static final String DELTA_OPTIMIZATIONS = "https://docs.delta.io/latest/optimizations-oss.html";
    static final String DATABRICKS_CLUSTERING = "https://docs.databricks.com/en/delta/clustering.html";
    /** The session setting that overrides OPTIMIZE's target file size. */
    static final String OPTIMIZE_MAX_FILE_SIZE = "spark.databricks.delta.optimize.maxFileSize";

    public static final Threshold MIN_FILES = new Threshold(ID + ".minFiles", 50, 1, 100_000_000, "files",
            "A Delta scan of fewer data files than this raises nothing, however small they are.",
            DELTA_OPTIMIZATIONS + "#auto-compaction (spark.databricks.delta.autoCompact.minNumFiles = 50: Delta itself does"
                    + " not compact fewer small files than this)");
    public static final Threshold MAX_AVG_FILE_BYTES = new Threshold(ID + ".maxAvgFileBytes", 16 * MIB, 1, 1024 * MIB, "bytes",
            "Delta data files smaller than this on average are a layout problem.",
            OURS + "an eighth of the 128 MB files Delta's auto compaction writes (" + DELTA_OPTIMIZATIONS
                    + "#auto-compaction, autoCompact.maxFileSize): far enough below it that each file's open and footer"
                    + " read cost more than its data");
    public static final Threshold MIN_SCAN_TASK_MS = new Threshold(ID + ".minScanTaskMs", 5_000, 0, 86_400_000,
            "milliseconds of task time", "The task time spent scanning the table must reach this before its layout counts.",
            DATAFLINT_METRICS + " (MAX_TASK_DURATION_THRESHOLD_MS = 5000: an absolute floor under every ratio)");
    public static final Threshold TARGET_FILE_BYTES = new Threshold(ID + ".targetFileBytes", 1024 * MIB, MIB, 16_384 * MIB,
            "bytes", "The file size OPTIMIZE writes, unless the run sets " + OPTIMIZE_MAX_FILE_SIZE + ".",
            DELTA_OPTIMIZATIONS + "#compaction-bin-packing (" + OPTIMIZE_MAX_FILE_SIZE + " defaults to 1 GB)");
    public static final Threshold MIN_LIQUID_RUNTIME = new Threshold(ID + ".minLiquidClusteringRuntime", 15.2, 13.3, 99,
            "Databricks Runtime version (major.minor)",
            "From this Databricks Runtime on, the layout step clusters the table (ALTER TABLE ... CLUSTER BY) instead of"
                    + " Z-ordering it; elsewhere, and off Databricks, OPTIMIZE ... ZORDER BY.",
            DATABRICKS_CLUSTERING + " (liquid clustering is generally available for Delta tables from Databricks Runtime 15.2)");

    public static final Rule<DeltaFileLayoutEvidence> RULE = new Rule<>(ID, Layer.DATA_ACCESS, DeltaFileLayoutEvidence.class,
            DeltaFileLayoutEvidence::of, DeltaFileLayoutAdvice::remedy,
            List.of(MIN_FILES, MAX_AVG_FILE_BYTES, MIN_SCAN_TASK_MS, TARGET_FILE_BYTES, MIN_LIQUID_RUNTIME), List.of(),
            FindingChart.NONE);

    private DeltaFileLayoutRule() {}
}
