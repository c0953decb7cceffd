package io.sparkadvisor.rules.execution;

import static io.sparkadvisor.rules.thresholds.ExecutionThresholds.SKEW_MAX_RATIO_AFTER;
import static io.sparkadvisor.rules.thresholds.ExecutionThresholds.SKEW_TARGET_PARTITION_BYTES;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The skew recommendation: AQE's skew-join split first when the stage is a join it can split (with
 * a skew factor and byte threshold computed from this stage), then salting the hot key with a
 * bucket count derived from how far the largest partition exceeds the target size, and the query
 * that finds the hot value. The follow-up measures the stage's longest task under 3x the median and the
 * run no slower than {@code followUp.noiseRatio} allows.
 */
public final class SkewAdvice {
    public static final String RULE = "skew";
    private static final int MAX_SALT_BUCKETS = 64;
    /** Below this a stage no longer waits on one task for most of its time. */

    private SkewAdvice() {}

    public static Finding finding(SkewEvidence e, Thresholds t, Severity severity) {
        String key = e.partitionKeys().isEmpty() ? "<join key>" : e.partitionKeys().get(0);
        int buckets = saltBuckets(e, t.getLong(SKEW_TARGET_PARTITION_BYTES));
        long factor = Math.max(2, Math.min(5, (long) Math.floor(e.maxToMedian() / 2)));
        // AQE splits a partition above both factor x median and the byte threshold: keep this one above both.
        long thresholdBytes = Math.max(1L << 20, Math.min(e.medianShuffleReadBytes() * factor, e.maxShuffleReadBytes() / 2));
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("ratio", Format.ratio(e.maxToMedian()));
        scope.put("maxTask", Format.duration(e.maxTaskMs()));
        scope.put("medianTask", Format.duration(e.medianTaskMs()));
        scope.put("share", Format.percent(e.skewShareOfStage()));
        scope.put("maxRead", Format.bytes(e.maxShuffleReadBytes()));
        scope.put("medianRead", Format.bytes(e.medianShuffleReadBytes()));
        scope.put("key", key);
        scope.put("keys", String.join(", ", e.partitionKeys()));
        scope.put("buckets", buckets);
        scope.put("join", e.joinOperator());
        scope.put("source", e.sourceLocations().isEmpty() ? "<table>" : "parquet.`" + e.sourceLocations().get(0) + "`");
        Messages m = Messages.of(RULE, scope, t);

        List<Step> steps = new ArrayList<>();
        if (e.aqeCanSplit()) {
            steps.add(new Step(steps.size() + 1, List.of(Change.sparkConf("spark.sql.adaptive.enabled", "true"),
                    Change.sparkConf("spark.sql.adaptive.skewJoin.enabled", "true"),
                    Change.sparkConf("spark.sql.adaptive.skewJoin.skewedPartitionFactor", factor),
                    Change.sparkConf("spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes", thresholdBytes)),
                    m.list("aqeChecks"), m.text("aqeRollback"), verify(e, t)));
        }
        steps.add(new Step(steps.size() + 1, List.of(Change.code("salt " + key + " into " + buckets + " buckets",
                m.text("saltSnippet"))), m.list("saltChecks"), m.text("saltRollback"), verify(e, t)));

        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("maxTaskMs", e.maxTaskMs());
        evidence.put("medianTaskMs", e.medianTaskMs());
        evidence.put("maxToMedian", Format.round(e.maxToMedian()));
        evidence.put("skewShareOfStage", Format.round(e.skewShareOfStage()));
        evidence.put("stageWallMs", e.stageWallMs());
        evidence.put("maxShuffleReadBytes", e.maxShuffleReadBytes());
        evidence.put("medianShuffleReadBytes", e.medianShuffleReadBytes());
        evidence.put("partitionKeys", e.partitionKeys());
        evidence.put("joinOperator", e.joinOperator());
        evidence.put("hotValueQuery", m.text("hotValueQuery"));

        // While the straggler runs, the other slots of the cluster sit idle.
        double coreHours = e.stragglerMs() * (double) Math.max(0, e.slots() - 1) / 3_600_000;
        return new Finding(RULE, Layer.EXECUTION, severity, m.text("title"), List.of(e.stageId()), evidence,
                new Recommendation(m.text(e.aqeCanSplit() ? "summaryJoin" : "summary"), m.list("preconditions"), steps,
                        m.text("proof"), m.text("experiment")),
                new Savings(e.stragglerMs(), Format.round(coreHours)));
    }

    /** Either step must even the stage out without making the run longer. */
    static List<MetricCheck> verify(SkewEvidence e, Thresholds t) {
        double maxRatio = t.get(SKEW_MAX_RATIO_AFTER);
        return List.of(
                new MetricCheck(RunMetrics.stageMaxToMedian(e.stageId()), Comparison.BELOW, maxRatio,
                        "the longest task of stage " + e.stageId() + " takes under " + Format.ratio(maxRatio)
                                + "x the median (was " + Format.ratio(e.maxToMedian()) + "x)"),
                Checks.ofRun().notSlower(t));
    }

    /** Enough buckets to bring the hot partition down to the median, or to the target size when that needs fewer. */
    static int saltBuckets(SkewEvidence e, long targetBytes) {
        double toMedian = Math.ceil(e.maxToMedian());
        double toTarget = Math.ceil((double) e.maxShuffleReadBytes() / Math.max(1, targetBytes));
        double buckets = toTarget >= 2 ? Math.min(toMedian, toTarget) : toMedian;
        return (int) Math.max(2, Math.min(MAX_SALT_BUCKETS, buckets));
    }
}
