package io.sparkadvisor.rules.dataaccess.deltalayout;

import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.finding;
import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.number;
import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.sqlMetric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.PlatformFacts;
import io.sparkadvisor.rules.Findings;
import io.sparkadvisor.rules.RuleTesting;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeltaFileLayoutTest {
    private static final String RULE = DeltaFileLayoutRule.ID;
    private static final String TABLE_SCAN = "Scan parquet spark_catalog.default.events";

    /** delta-spark 3.3.2 on Spark 3.5.8, and delta-spark 4.0.0 on Spark 4.0.1: the same table, the same advice. */
    @ParameterizedTest
    @ValueSource(strings = {"delta-small-files", "delta-small-files-spark4"})
    void aTableOfTinyFilesIsCompactedAndZOrderedThroughDelta(String scenario) {
        Finding f = finding(scenario, RULE).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0);
        long files = sqlMetric(scenario, TABLE_SCAN + " / number of files read");
        long bytes = sqlMetric(scenario, TABLE_SCAN + " / size of files read");
        assertEquals(Corpus.scenario(scenario).path("construction").path("dataFiles").asLong(), files,
                "every file of the table is read: data skipping on user_id keeps them all");
        assertEquals("delta", f.evidence().get("tableFormat"));
        assertEquals("spark_catalog.default.events", f.evidence().get("table"));
        assertEquals(files, number(f, "files"));
        assertEquals(bytes, number(f, "bytesRead"));
        assertEquals(bytes / files, number(f, "avgFileBytes"));
        assertEquals(List.of("user_id"), f.evidence().get("filterColumns"));
        assertEquals(files, number(f, "tableFiles"), "Delta's file filtering saw the table's live files");
        assertEquals(1.0, (Double) f.evidence().get("keptShare"), "data skipping on user_id skipped nothing");
        assertTrue(f.recommendation().proof().contains("left " + files + " of the table's " + files + " files (100%)"),
                f.recommendation().proof());
        assertEquals(1, number(f, "compactedFiles"));
        assertEquals(Corpus.scenario(scenario).path("expect").path("significantStage").path("tasks").asLong(),
                number(f, "tasksObserved"));
        assertTrue(f.savings().runtimeMs() > 0 && f.savings().coreHours() >= 0, f.savings().toString());

        assertEquals(List.of("OPTIMIZE spark_catalog.default.events ZORDER BY (user_id)"), statements(f.recommendation().steps().get(0)));
        assertEquals(List.of("ALTER TABLE spark_catalog.default.events SET TBLPROPERTIES ('delta.autoOptimize.optimizeWrite'"
                + " = 'true', 'delta.autoOptimize.autoCompact' = 'true')"), statements(f.recommendation().steps().get(1)));
        assertEquals(2, f.recommendation().steps().size(), "a read by name needs no step to read by name");
        f.recommendation().steps().forEach(s -> s.changes().forEach(c -> assertFalse(c.applicable(), c.toString())));
    }

    @Test
    void smallFilesGivesWayOnTheDeltaTableAndIsCited() {
        assertTrue(finding("delta-small-files", "small-files").isEmpty());
        Finding f = finding("delta-small-files", RULE).orElseThrow();
        @SuppressWarnings("unchecked")
        var cited = (List<Map<String, Object>>) f.evidence().get("supersedes");
        assertEquals("small-files", cited.get(0).get("rule"));
    }

    @Test
    void aPathReadIsToldToUseTheTableAndItsSqlNamesThePath() {
        Finding f = finding("delta-path-read", RULE).orElseThrow();
        String location = (String) f.evidence().get("location");
        assertEquals("", f.evidence().get("table"));
        assertEquals(sqlMetric("delta-path-read", "Scan parquet / number of files read"), number(f, "files"));
        assertEquals(List.of("OPTIMIZE delta.`" + location + "` ZORDER BY (user_id)"), statements(f.recommendation().steps().get(0)));
        Step byName = f.recommendation().steps().get(2);
        assertEquals("code", byName.changes().get(0).scope());
        assertTrue(byName.changes().get(0).value().startsWith("spark.table("), byName.changes().get(0).value());
    }

    @Test
    void onADatabricksRuntimeWithLiquidClusteringTheTableIsClusteredByTheFilterColumns() {
        Finding f = Findings.of(RULE, RuleTesting.withCluster("delta-small-files", "aws-i3-dedicated.json"), Map.of()).orElseThrow();
        assertEquals(true, f.evidence().get("liquidClustering"));
        assertEquals(List.of("ALTER TABLE spark_catalog.default.events CLUSTER BY (user_id)", "OPTIMIZE spark_catalog.default.events"),
                statements(f.recommendation().steps().get(0)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"delta-optimized", "healthy", "small-files"})
    void silentOnACompactedDeltaTableAndOffDelta(String scenario) {
        assertTrue(finding(scenario, RULE).isEmpty());
    }

    @Test
    void theOptimizedTableIsOneFileAndSmallFilesStaysSilentToo() {
        assertEquals(1, sqlMetric("delta-optimized", TABLE_SCAN + " / number of files read"));
        assertTrue(finding("delta-optimized", "small-files").isEmpty());
    }

    @Test
    void liquidClusteringNeedsDatabricksAtTheRuntimeThatHasIt() {
        assertTrue(DeltaFileLayoutEvidence.liquidClustering(databricks("15.4.x-scala2.12"), 15.2));
        assertTrue(DeltaFileLayoutEvidence.liquidClustering(databricks("16.0.x-photon-scala2.12"), 15.2));
        assertFalse(DeltaFileLayoutEvidence.liquidClustering(databricks("14.3.x-scala2.12"), 15.2));
        assertFalse(DeltaFileLayoutEvidence.liquidClustering(PlatformFacts.unknown(), 15.2));
    }

    private static PlatformFacts databricks(String runtime) {
        PlatformFacts u = PlatformFacts.unknown();
        return new PlatformFacts(PlatformFacts.Kind.DATABRICKS, Optional.of(runtime), u.photon(), u.serverless(), u.accessMode(),
                0, 0, 0, u.availability(), u.spot(), u.workerNodeType(), u.driverNodeType(), u.cloud());
    }

    private static List<String> statements(Step step) {
        return step.changes().stream().map(Change::value).toList();
    }
}
