package io.sparkadvisor.rules.execution.skew;

import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.execution.Adaptive;
import io.sparkadvisor.rules.execution.ShuffleRead;
import io.sparkadvisor.rules.platform.JobWide;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The skew recommendation: AQE's skew-join split first when the stage is a join it can split (with a skew factor, a
 * byte threshold and an advisory partition size computed from this stage, so the hot partition is really split), then
 * the code step the plan allows: salting on all the join keys where the join type keeps rows exact, the hot value
 * joined apart where salting would copy a preserved side's rows, a two-phase aggregation for aggregate skew, or the
 * hot-value investigation when there is no key to salt. The bucket count comes from how far the largest partition
 * exceeds the target size. The follow-up
 * measures the stage's longest task under {@code skew.maxRatioAfter} times the median and the run no
 * slower than {@code follow-up.noiseRatio} allows.
 */
final class SkewAdvice {
    private SkewAdvice() {}

    /** How the code step breaks the hot key up, from the join type and the skewed side, or the aggregate. */
    enum Plan {
        /** Salt the skewed side with a random bucket, copy the other side into every bucket. */
        SALT_JOIN,
        /** Salting would copy the preserved side's unmatched rows: join the hot value apart from the rest. */
        ISOLATE,
        /** Aggregate skew: aggregate per key and random bucket, then per key. */
        TWO_PHASE,
        /** No key (or no join or aggregate) to salt on: find the hot value or partition first. */
        INVESTIGATE
    }

    static Plan plan(SkewEvidence e) {
        if (e.partitionKeys().isEmpty()) {
            return Plan.INVESTIGATE;
        }
        if (!e.joinOperator().isEmpty()) {
            boolean keys = !e.leftKeys().isEmpty() && e.leftKeys().size() == e.rightKeys().size();
            return switch (e.joinType()) {
                case "Inner", "Cross" -> keys ? Plan.SALT_JOIN : Plan.INVESTIGATE;
                case "LeftOuter", "LeftSemi", "LeftAnti" -> !keys ? Plan.INVESTIGATE
                        : e.skewedSide().equals("left") ? Plan.SALT_JOIN : Plan.ISOLATE;
                case "RightOuter" -> !keys ? Plan.INVESTIGATE : e.skewedSide().equals("right") ? Plan.SALT_JOIN : Plan.ISOLATE;
                case "FullOuter" -> keys ? Plan.ISOLATE : Plan.INVESTIGATE;
                default -> Plan.INVESTIGATE;
            };
        }
        return e.aggregateKeys().isEmpty() ? Plan.INVESTIGATE : Plan.TWO_PHASE;
    }

    private static final Map<String, String> HOW = Map.of("Inner", "inner", "Cross", "cross", "LeftOuter", "left",
            "RightOuter", "right", "FullOuter", "full", "LeftSemi", "left_semi", "LeftAnti", "left_anti");

    /** The join type as PySpark's {@code how} names it. */
    static String how(String joinType) {
        return HOW.getOrDefault(joinType, "inner");
    }

    /**
     * The AQE step without what the run already has, and no knob its defaults already give: a switch only where the run
     * turned it off (or AQE where its Spark leaves it off; Databricks Runtime and Spark 3.2+ run AQE and its skew join by
     * default), the skew factor and threshold only where the run's would not pick this partition, a smaller advisory
     * size only where the run's would not cut it in two, and that one for the query alone unless the job benefits
     * ({@link JobWide}): AQE coalesces every shuffle of the job to it.
     */
    static List<Change> aqeChanges(SkewEvidence e, long factor, long thresholdBytes, long advisoryBytes) {
        SparkProperties set = new SparkProperties(e.aqeSettings());
        List<Change> out = new ArrayList<>();
        if (set.get(SkewEvidence.AQE).map("false"::equalsIgnoreCase).orElse(!e.aqeOnByDefault())) {
            out.add(Change.sparkConf(SkewEvidence.AQE, "true"));
        }
        if (set.get(SkewEvidence.SKEW_JOIN).filter("false"::equalsIgnoreCase).isPresent()) {
            out.add(Change.sparkConf(SkewEvidence.SKEW_JOIN, "true"));
        }
        double runFactor = set.decimal(SkewEvidence.FACTOR).orElse(Adaptive.DEFAULT_SKEW_FACTOR);
        long runThreshold = set.bytes(SkewEvidence.THRESHOLD, 1).orElse(Adaptive.DEFAULT_SKEW_THRESHOLD_BYTES);
        if (factor < runFactor && e.maxShuffleReadBytes() <= runFactor * e.medianShuffleReadBytes()) {
            out.add(Change.sparkConf(SkewEvidence.FACTOR, factor));
        }
        if (e.maxShuffleReadBytes() <= runThreshold) {
            out.add(Change.sparkConf(SkewEvidence.THRESHOLD, thresholdBytes));
        }
        if (e.maxShuffleReadBytes() < 2 * set.bytes(SkewEvidence.ADVISORY, 1).orElse(ShuffleRead.DEFAULT_ADVISORY_BYTES)) {
            out.add(JobWide.setting(SkewEvidence.ADVISORY, advisoryBytes, e.stageId(), e.jobWide()));
        }
        return out;
    }

    static Remedy remedy(SkewEvidence e, Diagnosis d, Thresholds t) {
        String key = SkewEvidence.hotKey(e.partitionKeys());
        int buckets = saltBuckets(e, t);
        double bytesRatio = (double) e.maxShuffleReadBytes() / Math.max(1, e.medianShuffleReadBytes());
        long factor = Math.max(t.getLong(SkewRule.MIN_AQE_FACTOR), Math.min(t.getLong(SkewRule.MAX_AQE_FACTOR),
                (long) Math.floor(bytesRatio / 2)));
        // AQE splits a skewed partition into pieces of the advisory size (or the other partitions' average, when larger):
        // aim the pieces at the hot partition over the bucket count, no larger than the target size.
        long advisoryBytes = Math.max(t.getLong(SkewRule.MIN_AQE_THRESHOLD_BYTES),
                Math.min(t.getLong(SkewRule.TARGET_PARTITION_BYTES), e.maxShuffleReadBytes() / buckets));
        // AQE splits a partition above both factor x median and the byte threshold: keep this one above both, and the
        // threshold above the advisory size (Spark's documented ordering of the two).
        long thresholdBytes = Math.max(t.getLong(SkewRule.MIN_AQE_THRESHOLD_BYTES),
                Math.min(e.medianShuffleReadBytes() * factor, e.maxShuffleReadBytes() / 2));
        if (thresholdBytes <= advisoryBytes) {
            thresholdBytes = advisoryBytes + Math.max(1, (e.maxShuffleReadBytes() - advisoryBytes) / 2);
        }
        Plan plan = plan(e);
        boolean sameNames = e.leftKeys().equals(e.rightKeys());
        boolean saltLeft = !e.skewedSide().equals("right");
        Map<String, Object> scope = new HashMap<>();
        scope.put("stageId", e.stageId());
        scope.put("ratio", Format.ratio(e.maxToMedian()));
        scope.put("shuffleRatio", Format.ratio(e.shuffleRatio()));
        scope.put("maxTask", Format.duration(e.maxTaskMs()));
        scope.put("medianTask", Format.duration(e.medianTaskMs()));
        scope.put("share", Format.percent(e.skewShareOfStage()));
        scope.put("maxRead", Format.bytes(e.maxShuffleReadBytes()));
        scope.put("medianRead", Format.bytes(e.medianShuffleReadBytes()));
        scope.put("maxRecords", e.maxShuffleReadRecords());
        scope.put("medianRecords", e.medianShuffleReadRecords());
        scope.put("key", key);
        scope.put("keys", e.partitionKeys().isEmpty() ? "the shuffle" : String.join(", ", e.partitionKeys()));
        scope.put("buckets", buckets);
        scope.put("join", e.joinOperator().isEmpty() ? "no join" : e.joinOperator());
        scope.put("joinType", e.joinType().isEmpty() ? "unknown" : e.joinType());
        scope.put("how", how(e.joinType()));
        scope.put("salted", saltLeft ? "left" : "right");
        scope.put("copied", saltLeft ? "right" : "left");
        scope.put("preserved", e.joinType().equals("FullOuter") ? "both sides" : saltLeft ? "the right side" : "the left side");
        scope.put("on", on(e, sameNames, "left", "right", true));
        scope.put("onCold", on(e, sameNames, "lc", "rc", false));
        scope.put("onHot", on(e, sameNames, "lh", "rh", false));
        scope.put("dropSalt", sameNames || e.joinType().startsWith("Left") && !e.joinType().equals("LeftOuter")
                ? ".drop(\"salt\")" : ".drop(left[\"salt\"]).drop(right[\"salt\"])");
        scope.put("leftKey", e.leftKeys().isEmpty() ? key : e.leftKeys().get(0));
        scope.put("rightKey", e.rightKeys().isEmpty() ? key : e.rightKeys().get(0));
        scope.put("aggKeys", quoted(e.aggregateKeys().isEmpty() ? e.partitionKeys() : e.aggregateKeys()));
        scope.put("hotValueQuery", e.hotValueQuery());
        scope.put("lookup", !e.hotValueQuery().isEmpty());
        scope.put("advisory", Format.bytes(advisoryBytes));
        scope.put("acrossBatches", e.batches() > 1);
        scope.put("batches", e.batches());
        scope.put("topPartition", e.topPartition());
        scope.put("topPartitionBatches", e.topPartitionBatches());
        scope.put("batchRatio", Format.ratio(e.batchMaxToMedian()));
        Messages m = Messages.of(SkewRule.ID, scope, t);

        List<Step> steps = new ArrayList<>();
        List<Change> aqe = e.aqeCanSplit() ? aqeChanges(e, factor, thresholdBytes, advisoryBytes) : List.of();
        if (!aqe.isEmpty()) {
            steps.add(new Step(steps.size() + 1, aqe, m.list("aqeChecks"), m.text("aqeRollback"), verify(e, t, m)));
        }
        String summary;
        switch (plan) {
            case SALT_JOIN -> {
                steps.add(new Step(steps.size() + 1, List.of(Change.code(m.text("saltChange"), m.text("saltSnippet"))),
                        m.list("saltChecks"), m.text("saltRollback"), verify(e, t, m)));
                summary = !aqe.isEmpty() ? "summaryJoin" : "summary";
            }
            case ISOLATE -> {
                steps.add(new Step(steps.size() + 1, List.of(Change.code(m.text("isolateChange"), m.text("isolateSnippet"))),
                        m.list("isolateChecks"), m.text("saltRollback"), verify(e, t, m)));
                summary = !aqe.isEmpty() ? "summaryIsolateAqe" : "summaryIsolate";
            }
            case TWO_PHASE -> {
                steps.add(new Step(steps.size() + 1, List.of(Change.code(m.text("twoPhaseChange"), m.text("twoPhaseSnippet"))),
                        m.list("twoPhaseChecks"), m.text("saltRollback"), verify(e, t, m)));
                summary = "summaryTwoPhase";
            }
            default -> {
                steps.add(new Step(steps.size() + 1, List.of(Change.code(m.text("investigateChange"),
                        e.hotValueQuery().isEmpty() ? m.text("partitionSnippet") : e.hotValueQuery())),
                        m.list("investigateChecks"), m.text("investigateRollback"), List.of()));
                summary = !aqe.isEmpty() ? "summaryInvestigateAqe" : "summaryInvestigate";
            }
        }

        // While the straggler runs, the other slots of the cluster sit idle.
        return Remedy.of(m, summary, steps,
                Savings.of(e.stragglerMs(), e.stragglerMs() * (double) Math.max(0, e.slots() - 1)).upTo());
    }

    private static String on(SkewEvidence e, boolean sameNames, String left, String right, boolean salt) {
        return on(e.leftKeys().isEmpty() ? e.partitionKeys() : e.leftKeys(), e.rightKeys().isEmpty() ? e.partitionKeys() : e.rightKeys(),
                sameNames, left, right, salt);
    }

    /** The join condition of the snippet: every key pair, plus the salt when salting. */
    static String on(List<String> l, List<String> r, boolean sameNames, String left, String right, boolean salt) {
        if (sameNames) {
            List<String> cols = new ArrayList<>(l);
            if (salt) {
                cols.add("salt");
            }
            return "[" + quoted(cols) + "]";
        }
        List<String> terms = new ArrayList<>();
        for (int i = 0; i < Math.min(l.size(), r.size()); i++) {
            terms.add("(" + left + "[\"" + l.get(i) + "\"] == " + right + "[\"" + r.get(i) + "\"])");
        }
        if (salt) {
            terms.add("(" + left + "[\"salt\"] == " + right + "[\"salt\"])");
        }
        return String.join(" & ", terms);
    }

    static String quoted(List<String> names) {
        return names.stream().map(n -> "\"" + n + "\"").collect(java.util.stream.Collectors.joining(", "));
    }

    /** Either step must even the stage out without making the run longer. */
    static List<MetricCheck> verify(SkewEvidence e, Thresholds t, Messages m) {
        return List.of(new MetricCheck(Metric.MAX_TO_MEDIAN.ofStage(e.stageId()), Comparison.BELOW,
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
