package io.sparkadvisor.rules.dataaccess.overread;

import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.finding;
import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.number;
import static io.sparkadvisor.rules.dataaccess.CorpusAdvice.sqlMetric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OverreadTest {
    private static final String RULE = OverreadRule.ID;

    @Test
    void wholeDatasetReadToKeepThreeRowsThroughAUdf() {
        Finding f = finding("overread", RULE).orElseThrow();
        assertTrue(f.severity().compareTo(Severity.MEDIUM) >= 0);
        assertEquals(sqlMetric("overread", "Scan parquet / size of files read"), number(f, "bytesRead"));
        assertEquals(sqlMetric("overread", "Scan parquet / number of output rows"), number(f, "rowsScanned"));
        assertEquals(sqlMetric("overread", "Filter / number of output rows"), number(f, "rowsKept"));
        assertEquals(3, number(f, "rowsKept"));
        assertEquals(List.of("id"), f.evidence().get("unpushedColumns"));
        assertTrue(((String) f.evidence().get("filterCondition")).startsWith("UDF("));
        assertEquals(10, number(f, "columnsRead"));
        assertTrue(f.recommendation().summary().contains("UDF"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"large-files-default", "large-files-32mb", "healthy", "broad-listing", "small-files"})
    void silentWhenTheQueryNeedsTheRowsItReads(String scenario) {
        assertTrue(finding(scenario, RULE).isEmpty());
    }

    @Test
    void raisingTheByteFloorSilencesIt() {
        assertTrue(finding("overread", RULE, Map.of("overread.minScanBytes", String.valueOf(1L << 30))).isEmpty());
    }

    @Test
    void columnsOfTheFilterMissingFromPushedFilters() {
        assertEquals(List.of("id"), OverreadEvidence.unpushed("UDF(id#0L)", "[]"));
        assertEquals(List.of("amount"), OverreadEvidence.unpushed("((market_id#3 = 7) AND (amount#4L > 10))",
                "[IsNotNull(market_id), EqualTo(market_id,7)]"));
        assertEquals(2, OverreadEvidence.countFields("struct<amount:bigint,user_id:bigint>"));
    }
}
