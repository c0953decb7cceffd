package io.sparkadvisor.rules.dataaccess.overread;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_METRICS;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_SQL_TUNING;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * overread: a large scan whose next filter throws almost every row away; decided in overread.drl,
 * advised by {@link OverreadAdvice}. Severity is the general share-of-run ladder alone.
 */
public final class OverreadRule {
    public static final String ID = "overread";

    public static final Threshold MIN_SCAN_BYTES = new Threshold(ID + ".minScanBytes", 128L << 20, 0, 1L << 50, "bytes",
            "Scans smaller than this are never overreads: one default split. The floor is in bytes, not time: reading them is the cost.",
            SPARK_SQL_TUNING + " (spark.sql.files.maxPartitionBytes = 128 MB, one split)");
    public static final Threshold MAX_KEPT_SHARE = new Threshold(ID + ".maxKeptShare", 0.01, 0, 1, "fraction of the rows scanned",
            "A filter right after the scan that keeps at most this share of the rows means the scan read data the query throws away.",
            OURS + "a filter that keeps 1% of what was read wastes 99% of the read; " + DATAFLINT_METRICS
                    + " shows the same rows-filtered share per filter node");

    public static final Rule<OverreadEvidence> RULE = new Rule<>(ID, Layer.DATA_ACCESS, OverreadEvidence.class,
            OverreadEvidence::of, OverreadAdvice::remedy, List.of(MIN_SCAN_BYTES, MAX_KEPT_SHARE), List.of(), FindingChart.NONE);

    private OverreadRule() {}
}
