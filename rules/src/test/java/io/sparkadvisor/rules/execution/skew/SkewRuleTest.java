package io.sparkadvisor.rules.execution.skew;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.EditedRuns;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RuleFiring;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.rules.advisor.Advisor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SkewRuleTest {
    private static final long MIB = 1L << 20;

    @Test
    void firesOnTheSkewScenarioNamingTheKey() {
        Finding f = Findings.of("skew", "skew").orElseThrow();
        StageFacts stage = Findings.stageOf(f, "skew");
        var duration = stage.metric(TaskMetric.DURATION);
        var records = stage.metric(TaskMetric.SHUFFLE_READ_RECORDS);

        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
        assertEquals(List.of("market_id"), f.evidence().get("partitionKeys"));
        assertEquals(duration.max(), f.evidence().get("maxTaskMs"));
        assertEquals((double) duration.max() / duration.p50(), (double) f.evidence().get("maxToMedian"), 0.001);
        assertTrue((double) f.evidence().get("maxToMedian") >= 5);
        // The hot task holds the data too: 8.7M of the 10M records against a median of 188k.
        assertEquals((double) records.max() / records.p50(), (double) f.evidence().get("shuffleRatio"), 0.001);
        assertEquals("Inner", f.evidence().get("joinType"));
        assertEquals("left", f.evidence().get("skewedSide"), "the 10M-row fact table is the left side");
        assertEquals("", f.evidence().get("sourceTable"), "the rows were made in the job: no table to look the value up in");
        assertEquals("", f.evidence().get("sourcePath"));
    }

    /**
     * The same join on two Delta tables read by name (delta-spark 3.3.2): the finding says the table is Delta and the
     * query that finds the hot value reads the table by its name, through Delta, never its folder's Parquet files
     * (which still hold files Delta has removed).
     */
    @Test
    void onADeltaJoinTheHotValueIsLookedUpThroughTheTable() {
        Finding f = Findings.of("skew", "delta-skew-join").orElseThrow();
        assertEquals(List.of("market_id"), f.evidence().get("partitionKeys"));
        assertEquals("delta", f.evidence().get("tableFormat"));
        assertEquals("SELECT `market_id`, COUNT(*) AS rows, SUM(COUNT(*)) OVER () AS all_rows FROM `spark_catalog`.`default`.`sales`"
                + " GROUP BY `market_id` ORDER BY rows DESC LIMIT 20", f.evidence().get("hotValueQuery"));
        assertEquals("spark_catalog.default.sales", f.evidence().get("sourceTable"));
        assertEquals("", f.evidence().get("sourcePath"), "read by name, not by path");
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0, f.severity().toString());
    }

    /** The audit's key: an Exchange rewritten so that pasting its key into SQL would read another table. */
    @Test
    void aShuffleKeyThatIsAnExpressionGetsNoQueryAndTheFindingSaysSo(@TempDir Path dir) {
        Path log = Corpus.rewritten("delta-skew-join", Map.of("hashpartitioning(market_id#675, 8)", "hashpartitioning(inline(array("
                + "struct(secret AS market_id, 1L AS rows, 1L AS all_rows))) FROM vault.creds LIMIT 20 --#675, 8)"), dir, "key.log.gz");
        Finding f = new Advisor(Thresholds.defaults()).advise(RunFactsReader.read(log)).findings().stream()
                .filter(x -> x.rule().equals("skew")).findFirst().orElseThrow();

        assertTrue(String.valueOf(f.evidence().get("partitionKeys")).contains("vault.creds"), "the key is kept as data");
        assertEquals("", f.evidence().get("hotValueQuery"));
        assertTrue(f.recommendation().experiment().contains("is not one plain column"), f.recommendation().experiment());
        assertFalse(f.toString().contains("FROM vault.creds LIMIT 20 --, COUNT"), "no query pastes the key");
    }

    /** A Delta table read by path whose Location holds a backtick: the path stays one quoted identifier. */
    @Test
    void aDeltaPathIsQuotedWithItsBackticksDoubled(@TempDir Path dir) {
        Path log = Corpus.rewritten("delta-skew-join", Map.of("Scan parquet spark_catalog.default.sales", "Scan parquet",
                "corpus-work/delta-sales]", "corpus-work/delta-sales`; DROP TABLE t; --]"), dir, "path.log.gz");
        Finding f = new Advisor(Thresholds.defaults()).advise(RunFactsReader.read(log)).findings().stream()
                .filter(x -> x.rule().equals("skew")).findFirst().orElseThrow();

        assertEquals("file:/work/scratch/lead/corpus-work/delta-sales`; DROP TABLE t; --", f.evidence().get("sourcePath"));
        assertEquals("SELECT `market_id`, COUNT(*) AS rows, SUM(COUNT(*)) OVER () AS all_rows FROM `delta`.`file:/work/scratch/lead/"
                + "corpus-work/delta-sales``; DROP TABLE t; --` GROUP BY `market_id` ORDER BY rows DESC LIMIT 20", f.evidence().get("hotValueQuery"));
    }

    @Test
    void theAqeStepLowersTheAdvisorySizeBelowTheHotPartitionAndKeepsTheThresholdAboveIt() {
        Finding f = Findings.of("skew", "skew").orElseThrow();
        long max = (long) f.evidence().get("maxShuffleReadBytes");
        Step aqe = f.recommendation().steps().get(0);
        long advisory = Long.parseLong(value(aqe, "spark.sql.adaptive.advisoryPartitionSizeInBytes"));
        long threshold = Long.parseLong(value(aqe, "spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes"));
        assertTrue(advisory < threshold, advisory + " < " + threshold);
        assertTrue(threshold < max, threshold + " < " + max);
        assertTrue(advisory <= max / 2, "the hot partition is split into at least two pieces");
        assertTrue(advisory < 64 * MIB, "below the 64 MB default that kept the hot partition whole");
    }

    @Test
    void withAqeAlreadyOnTheStepChangesOnlyWhatTheRunDidNotHave() {
        // The skew run as a job that already had AQE's skew join on, with a factor of 3: the stage stayed skewed under the
        // 256 MB default threshold, so the threshold and the advisory size are the change.
        RunFacts on = EditedRuns.withSettings(Corpus.facts("skew"), Map.of("spark.sql.adaptive.enabled", "true",
                "spark.sql.adaptive.skewJoin.enabled", "true", "spark.sql.adaptive.skewJoin.skewedPartitionFactor", "3"));
        Step aqe = RuleTesting.fired(RuleTesting.advise(on, Map.of()), "skew").recommendation().steps().get(0);
        assertEquals(List.of("spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes", "spark.sql.adaptive.advisoryPartitionSizeInBytes"),
                aqe.changes().stream().map(Change::key).toList());
        Step off = Findings.of("skew", "skew").orElseThrow().recommendation().steps().get(0);
        // The corpus run turned AQE and its skew join off: the step turns both back on, leaves the factor at Spark's 5 (the
        // factor the stage calls for) and lowers the threshold and the advisory size, which held the hot partition whole.
        assertEquals(List.of("spark.sql.adaptive.enabled", "spark.sql.adaptive.skewJoin.enabled",
                "spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes", "spark.sql.adaptive.advisoryPartitionSizeInBytes"),
                off.changes().stream().map(Change::key).toList());
    }

    @Test
    void theInnerJoinIsSaltedOnTheSkewedSideWithTheOtherCopied() {
        Finding f = Findings.of("skew", "skew").orElseThrow();
        String snippet = f.recommendation().steps().get(1).changes().get(0).value();
        assertTrue(snippet.contains("left = left.withColumn(\"salt\", (F.rand()"), snippet);
        assertTrue(snippet.contains("right = right.withColumn(\"salt\", F.explode("), snippet);
        assertTrue(snippet.contains("[\"market_id\", \"salt\"], \"inner\""), snippet);
    }

    @Test
    void silentOnHealthy() {
        assertTrue(Findings.of("skew", "healthy").isEmpty());
    }

    @Test
    void anEvenStageWithOneSlowTaskIsASlowNodeNotSkew() {
        // Time says 10x, the data says every task read about the same: no finding. (No corpus log has a slow node.)
        SkewEvidence slowNode = evidence(1.2, List.of("k"), "SortMergeJoin", "Inner", "left", List.of("k"), List.of("k"), List.of());
        assertTrue(RuleFiring.fire(Map.of(), slowNode).isEmpty());
        assertEquals(1, RuleFiring.fire(Map.of("skew.minShuffleRatio", "1"), slowNode).size());
    }

    @Test
    void aRealStageWithOneLongTaskAndNoHotPartitionIsSilent() {
        // Spark's history-server fixture from YARN: stage 0's longest task ran 24x the median in a 64 s stage, but the
        // stage reads no shuffle, so no key put the work there; time alone used to call that skew.
        RunFacts yarn = RunFactsReader.read(ExternalLogs.path("spark/application_1628109047826_1317105"));
        SkewEvidence stage0 = SkewEvidence.of(new RunView(yarn), Thresholds.defaults()).stream().filter(e -> e.stageId() == 0)
                .findFirst().orElseThrow();
        assertTrue(stage0.maxToMedian() >= 20 && stage0.stageWallMs() > 60_000 && stage0.skewShareOfStage() > 0.5, stage0.toString());
        assertTrue(stage0.shuffleRatio() < 1, stage0.toString());
        assertTrue(RuleTesting.finding(RuleTesting.advise(yarn, Map.of()), "skew").isEmpty());
        assertTrue(RuleTesting.finding(RuleTesting.advise(yarn, Map.of("skew.minShuffleRatio", "1")), "skew").isEmpty(),
                "even at the lowest data ratio");
    }

    @Test
    void multiKeyJoinsSaltOnEveryKey() {
        SkewEvidence e = evidence(20, List.of("a", "b"), "SortMergeJoin", "Inner", "left", List.of("a", "b"),
                List.of("x", "y"), List.of());
        String snippet = code(RuleFiring.fire(Map.of(), e).get(0));
        assertTrue(snippet.contains("(left[\"a\"] == right[\"x\"]) & (left[\"b\"] == right[\"y\"]) & (left[\"salt\"] == right[\"salt\"])"),
                snippet);
    }

    @Test
    void aRealTwoKeyLeftOuterJoinIsHandledOnBothKeysWithoutCopyingThePreservedSide() {
        // TPC-DS q72 on Dataproc (spark-rapids-tools): catalog_sales LEFT OUTER JOIN catalog_returns on item and order.
        RunFacts q72 = RunFactsReader.read(ExternalLogs.path("spark-rapids-tools/nds_q72_dataproc_2_2.zstd"));
        SkewEvidence e = SkewEvidence.of(new RunView(q72), Thresholds.defaults()).stream()
                .filter(x -> x.joinType().equals("LeftOuter") && x.leftKeys().size() == 2).findFirst().orElseThrow();
        assertEquals(List.of("cs_item_sk", "cs_order_number"), e.leftKeys());
        assertEquals(List.of("cr_item_sk", "cr_order_number"), e.rightKeys());
        String snippet = SkewAdvice.remedy(e, Diagnosis.of(e, Severity.MEDIUM), Thresholds.defaults()).recommendation().steps().stream()
                .flatMap(s -> s.changes().stream()).filter(c -> c.scope().equals("code")).map(Change::value).findFirst().orElseThrow();
        assertTrue(snippet.contains("cs_item_sk") && snippet.contains("cs_order_number") && snippet.contains("cr_item_sk")
                && snippet.contains("cr_order_number"), snippet);
        // The left side is preserved: it may be salted (the right copied), never copied itself.
        assertEquals(e.skewedSide().equals("right") ? SkewAdvice.Plan.ISOLATE : SkewAdvice.Plan.SALT_JOIN, SkewAdvice.plan(e));
        assertFalse(snippet.contains("left = left.withColumn(\"salt\", F.explode("), snippet);
    }

    @Test
    void aLeftOuterJoinSkewedOnTheLeftIsSaltedLikeAnInnerOne() {
        SkewEvidence e = evidence(20, List.of("k"), "SortMergeJoin", "LeftOuter", "left", List.of("k"), List.of("k"), List.of());
        assertEquals(SkewAdvice.Plan.SALT_JOIN, SkewAdvice.plan(e));
        String snippet = code(RuleFiring.fire(Map.of(), e).get(0));
        assertTrue(snippet.contains("left = left.withColumn(\"salt\", (F.rand()") && snippet.contains("\"left\")"), snippet);
    }

    @Test
    void outerJoinsThatWouldCopyAPreservedSideIsolateTheHotValue() {
        for (var e : List.of(
                evidence(20, List.of("k"), "SortMergeJoin", "LeftOuter", "right", List.of("k"), List.of("k"), List.of()),
                evidence(20, List.of("k"), "SortMergeJoin", "RightOuter", "left", List.of("k"), List.of("k"), List.of()),
                evidence(20, List.of("k"), "SortMergeJoin", "FullOuter", "left", List.of("k"), List.of("k"), List.of()))) {
            assertEquals(SkewAdvice.Plan.ISOLATE, SkewAdvice.plan(e), e.joinType());
            Finding f = RuleFiring.fire(Map.of(), e).get(0);
            assertFalse(code(f).contains("F.rand()"), code(f));
            assertTrue(f.recommendation().summary().contains("Salting would copy") || f.recommendation().summary().contains("salting would copy"),
                    f.recommendation().summary());
        }
        // AQE cannot split a full outer join, nor the right side of a left outer one.
        assertFalse(SkewEvidence.aqeSplits("FullOuter", "left"));
        assertFalse(SkewEvidence.aqeSplits("LeftOuter", "right"));
        assertTrue(SkewEvidence.aqeSplits("LeftOuter", "left"));
    }

    @Test
    void aggregateSkewAggregatesInTwoPhases() {
        SkewEvidence e = evidence(20, List.of("market"), "", "", "", List.of(), List.of(), List.of("market"));
        Finding f = RuleFiring.fire(Map.of(), e).get(0);
        assertEquals(1, f.recommendation().steps().size(), "no AQE join step without a join");
        String snippet = code(f);
        assertTrue(snippet.contains("groupBy(\"market\", \"salt\")") && snippet.contains("partial.groupBy(\"market\")"), snippet);
    }

    @Test
    void withNoPartitionKeyThereIsNoSaltingOnlyTheHotValueInvestigation() {
        SkewEvidence e = evidence(20, List.of(), "", "", "", List.of(), List.of(), List.of());
        Finding f = RuleFiring.fire(Map.of(), e).get(0);
        String all = f.title() + f.recommendation().summary() + f.recommendation().steps();
        assertFalse(all.contains("buckets") || all.contains("F.rand") || all.contains("salt the"), all);
        assertFalse(all.contains("  "), "no empty key left a double space: " + all);
        assertTrue(code(f).contains("spark_partition_id"), code(f));
    }

    @Test
    void joinKeysAndTypeAreReadFromThePlanNode() {
        assertEquals(List.of(List.of("a", "cast(b as bigint)"), List.of("x", "y"), List.of("LeftOuter")),
                SkewEvidence.joinArgs("SortMergeJoin [a#1, cast(b#2 as bigint)], [x#7L, y#8], LeftOuter, (z#3 > 5)"));
        assertEquals(List.of(List.of("k"), List.of("k"), List.of("Inner")),
                SkewEvidence.joinArgs("ShuffledHashJoin [k#1], [k#5], Inner, BuildRight"));
        assertEquals(List.of(), SkewEvidence.joinArgs("CartesianProduct"));
    }

    @Test
    void aqeOnByDefaultGetsNoSwitchesAndNoKnobAtItsDefault() {
        // A run on Spark 3.2+ (or Databricks Runtime) that sets nothing: AQE and its skew join already run, so the step
        // adds neither switch; for a 240 MiB partition it lowers only the threshold (256 MiB) that kept it whole: 6x the
        // median passes the default factor, and it makes more than two pieces of the default advisory size.
        SkewEvidence e = evidence(6, List.of("k"), "SortMergeJoin", "Inner", "left", List.of("k"), List.of("k"), List.of());
        List<String> keys = SkewAdvice.aqeChanges(e, 3, 200L << 20, 64L << 20).stream().map(Change::key).toList();
        assertEquals(List.of("spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes"), keys);
        // A 400 MiB partition passes AQE's defaults: no AQE step at all, salting comes first.
        SkewEvidence big = evidence(10, List.of("k"), "SortMergeJoin", "Inner", "left", List.of("k"), List.of("k"), List.of());
        assertEquals(List.of(), SkewAdvice.aqeChanges(big, 5, 300L << 20, 64L << 20));
        Finding f = RuleFiring.fire(Map.of(), big).get(0);
        assertEquals("code", f.recommendation().steps().get(0).changes().get(0).scope());
    }

    @Test
    void aSmallerAdvisorySizeIsSetForTheQueryWhenTheJobsOtherShufflesHoldItsBytes() {
        SkewEvidence e = evidence(10, List.of("k"), "SortMergeJoin", "Inner", "left", List.of("k"), List.of("k"), List.of());
        SkewEvidence small = new SkewEvidence(e.maxTaskMs(), e.medianTaskMs(), e.maxToMedian(), e.skewShareOfStage(),
                e.stageWallMs(), 46L << 20, 2L << 20, e.maxShuffleReadRecords(), e.medianShuffleReadRecords(), e.shuffleRatio(),
                e.partitionKeys(), e.joinOperator(), e.joinType(), e.skewedSide(), e.aggregateKeys(), "", "", "", "", e.stageId(),
                e.tasks(), e.p75TaskMs(), true, e.leftKeys(), e.rightKeys(), e.slots(), e.appDurationMs(), Map.of(), true, false,
                1, e.maxToMedian(), e.shuffleRatio(), -1, 1, 1.0);
        Change advisory = SkewAdvice.aqeChanges(small, 5, 8L << 20, 4L << 20).stream()
                .filter(c -> c.scope().equals("code")).findFirst().orElseThrow();
        assertTrue(advisory.value().startsWith("spark.conf.set(\"spark.sql.adaptive.advisoryPartitionSizeInBytes\", \"4194304\")"),
                advisory.value());
        // The corpus skew run's join holds all but 43 KB of its shuffle bytes: there the job benefits, and it goes to the job.
        Step aqe = Findings.of("skew", "skew").orElseThrow().recommendation().steps().get(0);
        assertEquals("spark_conf", aqe.changes().get(aqe.changes().size() - 1).scope());
    }

    private static SkewEvidence evidence(double shuffleRatio, List<String> keys, String join, String type, String side,
            List<String> leftKeys, List<String> rightKeys, List<String> aggregateKeys) {
        long median = 40 * MIB;
        long max = Math.round(median * shuffleRatio);
        return new SkewEvidence(50_000, 5_000, 10, 0.75, 60_000, max, median, max / 100, median / 100, shuffleRatio, keys,
                join, type, side, aggregateKeys, "", "", "", "", 2, 8, 6_000,
                (join.equals("SortMergeJoin")) && SkewEvidence.aqeSplits(type, side), leftKeys, rightKeys, 2, 120_000,
                Map.of(), true, true, 1, 10, shuffleRatio, -1, 1, 1.0);
    }

    private static String value(Step step, String key) {
        return step.changes().stream().filter(c -> key.equals(c.key())).map(Change::value).findFirst().orElseThrow();
    }

    private static String code(Finding f) {
        return f.recommendation().steps().stream().flatMap(s -> s.changes().stream()).filter(c -> c.scope().equals("code"))
                .map(Change::value).findFirst().orElseThrow();
    }
}
