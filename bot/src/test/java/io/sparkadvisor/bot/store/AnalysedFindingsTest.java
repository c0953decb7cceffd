package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnalysedFindingsTest {
    static final Instant MONDAY = Instant.parse("2026-11-23T00:00:00Z");

    @Test
    void theWeeksLargestSavingsFirstAndARunAnalysedAgainCountsOnce() {
        AnalysedFindings findings = new AnalysedFindings(TestDatabases.fresh(TestDatabases.Kind.H2));
        findings.record(List.of(finding("4201-skew", 1.2, MONDAY.plusSeconds(3600)), finding("4201-spill", 3.5, MONDAY.plusSeconds(3600)),
                finding("4100-skew", 9.0, MONDAY.minusSeconds(1))));
        findings.record(List.of(finding("4201-skew", 1.4, MONDAY.plusSeconds(7200))));

        List<AnalysedFinding> week = findings.largest(MONDAY, MONDAY.plusSeconds(7 * 86_400), 5);

        assertEquals(List.of("4201-spill", "4201-skew"), week.stream().map(AnalysedFinding::recommendationId).toList());
        assertEquals(1.4, week.get(1).coreHours());
        assertEquals(1, findings.largest(MONDAY, MONDAY.plusSeconds(7 * 86_400), 1).size());
    }

    private static AnalysedFinding finding(String id, double coreHours, Instant at) {
        return new AnalysedFinding(id, Long.parseLong(id.substring(0, 4)), 42L, "orders-ingest run " + id.substring(0, 4),
                id.substring(5), "a title", 10_000, coreHours, at);
    }
}
