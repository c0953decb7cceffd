package io.sparkadvisor.rules.serverless.repeatedscans;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.QUERY_PROFILE;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * serverless-repeated-scans: several statements of one serverless run read the same files whole (the same file count
 * and bytes, none pruned: one table's full scan, again and again); decided in serverless-repeated-scans.drl, advised
 * by {@link RepeatedScansAdvice}.
 */
public final class RepeatedScansRule {
    public static final String ID = "serverless-repeated-scans";

    public static final Threshold MIN_SCANS = new Threshold(ID + ".minScans", 3, 2, 1e6, "statements",
            "At least this many statements must read the same files whole.",
            QUERY_PROFILE + " (\"full table scans\"); " + OURS + "three: twice may be a check and the real read");
    public static final Threshold MIN_BYTES = new Threshold(ID + ".minBytes", 1L << 30, 0, 1e15, "bytes per scan",
            "Each of the repeated scans must read at least this much.",
            OURS + "1 GiB, where reading it again costs more than keeping it");

    public static final Rule<RepeatedScansEvidence> RULE = new Rule<>(ID, Layer.DATA_ACCESS, RepeatedScansEvidence.class,
            RepeatedScansEvidence::of, RepeatedScansAdvice::remedy, List.of(MIN_SCANS, MIN_BYTES), List.of(), FindingChart.NONE);

    private RepeatedScansRule() {}
}
