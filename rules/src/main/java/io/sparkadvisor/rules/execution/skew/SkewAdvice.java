package io.sparkadvisor.rules.execution.skew;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The skew recommendation: AQE's skew-join split first when the stage is a join it can split (with
 * a skew factor and byte threshold computed from this stage), then salting the hot key with a
 * bucket count derived from how far the largest partition exceeds the target size. The follow-up
 * measures the stage's longest task under {@code skew.maxRatioAfter} times the median and the run no
 * slower than {@code follow-up.noiseRatio} allows.
 */
final class SkewAdvice {
    private SkewAdvice() {}

    static Remedy remedy(SkewEvidence e, Diagnosis d, Thresholds t) {
        String key = SkewEvidence.hotKey(e.partitionKeys());
        int buckets = saltBuckets(e, t);
        long factor = Math.max(t.getLong(SkewRule.MIN_AQE_FACTOR), Math.min(t.getLong(SkewRule.MAX_AQE_FACTOR),
                (long) Math.floor(e.maxToMedian() / 2)));
        // AQE splits a partition above both factor x median and the byte threshold: keep this one above both.
        long thresholdBytes = Math.max(t.getLong(SkewRule.MIN_AQE_THRESHOLD_BYTES),
                Math.min(e.medianShuffleReadBytes() * factor, e.maxShuffleReadBytes() / 2));
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
        Messages m = Messages.of(SkewRule.ID, scope, t);

        List<Step> steps = new ArrayList<>();
        if (e.aqeCanSplit()) {
            steps.add(new Step(steps.size() + 1, List.of(Change.sparkConf("spark.sql.adaptive.enabled", "true"),
                    Change.sparkConf("spark.sql.adaptive.skewJoin.enabled", "true"),
                    Change.sparkConf("spark.sql.adaptive.skewJoin.skewedPartitionFactor", factor),
                    Change.sparkConf("spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes", thresholdBytes)),
                    m.list("aqeChecks"), m.text("aqeRollback"), verify(e, t, m)));
        }
        steps.add(new Step(steps.size() + 1, List.of(Change.code(m.text("saltChange"), m.text("saltSnippet"))),
                m.list("saltChecks"), m.text("saltRollback"), verify(e, t, m)));

        // While the straggler runs, the other slots of the cluster sit idle.
        return Remedy.of(m, e.aqeCanSplit() ? "summaryJoin" : "summary", steps,
                Savings.of(e.stragglerMs(), e.stragglerMs() * (double) Math.max(0, e.slots() - 1)));
    }

    /** Either step must even the stage out without making the run longer. */
    static List<MetricCheck> verify(SkewEvidence e, Thresholds t, Messages m) {
        return List.of(new MetricCheck(RunMetrics.stageMaxToMedian(e.stageId()), Comparison.BELOW,
                        t.get(SkewRule.MAX_RATIO_AFTER), m.text("evenCheck")),
                Checks.ofRun().notSlower(t));
    }

    /** Enough buckets to bring the hot partition down to the median, or to the target size when that needs fewer. */
    static int saltBuckets(SkewEvidence e, Thresholds t) {
        double toMedian = Math.ceil(e.maxToMedian());
        double toTarget = Math.ceil((double) e.maxShuffleReadBytes() / Math.max(1, t.getLong(SkewRule.TARGET_PARTITION_BYTES)));
        double buckets = toTarget >= 2 ? Math.min(toMedian, toTarget) : toMedian;
        return (int) Math.max(2, Math.min(t.getLong(SkewRule.MAX_SALT_BUCKETS), buckets));
    }
}
