package io.sparkadvisor.rules.dataaccess.broadlisting;

import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.finding;
import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.ExternalLogs;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BroadListingTest {
    private static final String RULE = BroadListingRule.ID;

    @Test
    void rootListedWholeToKeepOnePartition() {
        Finding f = finding("broad-listing", RULE).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0);
        String root = (String) f.evidence().get("location");
        assertTrue(root.endsWith("/partitioned"), root);
        assertEquals(1, number(f, "partitionsRead"));
        assertEquals(List.of(root + "/date=2024-02-10/hour=7"), f.evidence().get("exactPaths"));
        // the listing job (60 tasks, one per date directory) ran before the query
        assertTrue(number(f, "listingMs") >= 3_549, f.evidence().toString());
        assertEquals(number(f, "metadataTimeMs") + number(f, "planningMs") + number(f, "listingMs"), number(f, "discoveryMs"));
        assertTrue(number(f, "discoveryMs") > number(f, "scanWallMs"));
        assertTrue(f.recommendation().steps().get(0).changes().get(0).value()
                .contains("\"" + root + "/date=2024-02-10/hour=7\""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"exact-partition-path", "healthy", "small-files", "large-files-32mb"})
    void silentWithoutPartitionFiltersOrListingTime(String scenario) {
        assertTrue(finding(scenario, RULE).isEmpty());
    }

    @Test
    void raisingTheDiscoveryFloorSilencesIt() {
        assertTrue(finding("broad-listing", RULE, Map.of("broad-listing.minDiscoveryMs", "60000")).isEmpty());
    }

    @Test
    void theOldKeyOfTheDiscoveryFloorStillWorks() {
        assertTrue(finding("broad-listing", RULE, Map.of("broadListing.minDiscoveryMs", "60000")).isEmpty());
    }

    @Test
    void exactPathsComeFromEqualitiesOnPartitionColumns() {
        assertEquals(List.of("s3://imp/year=2024/month=2"),
                evidence("[isnotnull(year#1), (year#1 = 2024), (month#2 = 2)]", "s3://imp/").exactPaths());
        assertEquals(List.of(), evidence("[(day#3 > 5)]", "s3://imp").exactPaths());
    }

    private static BroadListingEvidence evidence(String partitionFilters, String root) {
        return BroadListingEvidence.of(List.of(), List.of(root), "Parquet", "", partitionFilters, true, 1, 1, 0, 0, 0, 0, 2,
                1, PredictiveOptimization.NONE);
    }

    /** A Databricks log names the pruned partition as the scan's location: its slow listing is not a broad one. */
    @Test
    void aReadAlreadyAtThePinnedPartitionIsNotBroad() {
        RunFacts facts = RunFactsReader.read(ExternalLogs.path("spark_log_parser/databricks_example_1"));
        Advice advice = new Advisor(Thresholds.defaults()).advise(facts);
        assertTrue(advice.findings().stream().noneMatch(f -> f.rule().equals(RULE)),
                advice.findings().stream().map(Finding::title).toList().toString());
        String filters = "[isnotnull(year#122), (year#122 = 2021), (month#123 = 02), (day#124 = 01)]";
        assertTrue(BroadListingEvidence.alreadyAtPinnedPartitions(filters, List.of("s3://b/t/year=2021/month=02/day=01/")));
        assertFalse(BroadListingEvidence.alreadyAtPinnedPartitions(filters, List.of("s3://b/t")));
    }
}
