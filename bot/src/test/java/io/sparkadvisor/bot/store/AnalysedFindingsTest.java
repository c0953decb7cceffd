package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.rules.advisor.Savings;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class AnalysedFindingsTest {
    static final Instant MONDAY = Instant.parse("2026-11-23T00:00:00Z");
    static final Instant SUNDAY_NIGHT = MONDAY.plusSeconds(7 * 86_400);

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void theWeeksLargestSavingsFirstAndARunAnalysedAgainCountsOnce(TestDatabases.Kind kind) {
        AnalysedFindings findings = new AnalysedFindings(TestDatabases.fresh(kind));
        findings.record(List.of(finding("4201-skew", 1.2, MONDAY.plusSeconds(3600)), finding("4201-spill", 3.5, MONDAY.plusSeconds(3600)),
                finding("4100-skew", 9.0, MONDAY.minusSeconds(1))));
        findings.record(List.of(finding("4201-skew", 1.4, MONDAY.plusSeconds(7200))));

        List<AnalysedFinding> week = findings.largest(MONDAY, SUNDAY_NIGHT, 5);

        assertEquals(List.of("4201-spill", "4201-skew"), week.stream().map(AnalysedFinding::recommendationId).toList());
        assertEquals(1.4, week.get(1).savings().coreHours());
        assertEquals(1, findings.largest(MONDAY, SUNDAY_NIGHT, 1).size());
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aSavingReadsBackAsTheFindingStatedItUpperBoundNodeHoursAndDollars(TestDatabases.Kind kind) {
        AnalysedFindings findings = new AnalysedFindings(TestDatabases.fresh(kind));
        Savings upTo = new Savings(53_035, 0.12).upTo();
        Savings nodes = Savings.ofNodes(1.5, 0.41);
        findings.record(List.of(new AnalysedFinding("4201-skew", 4201, 42L, "run 4201", "skew", "a title", upTo, MONDAY),
                new AnalysedFinding("4201-memory-overprovisioned", 4201, 42L, "run 4201", "memory-overprovisioned", "a title", nodes, MONDAY)));

        assertEquals(List.of(upTo, nodes), findings.largest(MONDAY, SUNDAY_NIGHT, 5).stream().map(AnalysedFinding::savings).toList());
    }

    /** A row kept before the saving's other figures were stored reads as it did then: run time and core-hours, "about". */
    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aFindingKeptBeforeTheUpgradeReadsAsBefore(TestDatabases.Kind kind) {
        Database db = TestDatabases.migratedTo(kind, "16");
        db.inTransaction(sql -> sql.update("INSERT INTO analysed_findings (recommendation_id, run_id, job_id, subject, rule_id, title,"
                + " runtime_ms, core_hours, analysed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", "4201-skew", 4201, 42L, "run 4201", "skew",
                "a title", 29_100, 1.2, MONDAY));

        db.migrate();

        assertEquals(List.of(new Savings(29_100, 1.2)), new AnalysedFindings(db).largest(MONDAY, SUNDAY_NIGHT, 5).stream()
                .map(AnalysedFinding::savings).toList());
    }

    private static AnalysedFinding finding(String id, double coreHours, Instant at) {
        return new AnalysedFinding(id, Long.parseLong(id.substring(0, 4)), 42L, "orders-ingest run " + id.substring(0, 4),
                id.substring(5), "a title", new Savings(10_000, coreHours), at);
    }
}
