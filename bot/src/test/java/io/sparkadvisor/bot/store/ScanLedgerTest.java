package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ScanLedgerTest {
    static final LocalDate WEEK = LocalDate.parse("2026-11-23");

    /** An outcome as the ledger keeps one: a plain record, its lists left out of the JSON when empty. */
    record Outcome(String by, List<String> findings) {}

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void theFirstOutcomeKeptForAJobIsItsOutcomeForEveryone(TestDatabases.Kind kind) {
        ScanLedger<Outcome> ledger = new ScanLedger<>(TestDatabases.fresh(kind), Outcome.class);
        assertTrue(ledger.record(WEEK, "601", new Outcome("a", List.of("skew"))));
        assertFalse(ledger.record(WEEK, "601", new Outcome("b", List.of("spill"))), "a revived execution finishing second keeps nothing");
        assertTrue(ledger.record(WEEK.plusDays(7), "601", new Outcome("b", List.of())), "another week is another scan");

        assertEquals(Map.of("601", new Outcome("a", List.of("skew"))), ledger.outcomes(WEEK));
        assertEquals(Set.of("601"), ledger.done(WEEK));
        assertEquals(Set.of(), ledger.done(WEEK.minusDays(7)));
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void anOutcomeKeptWithoutItsListsReadsBackWithEmptyOnes(TestDatabases.Kind kind) {
        ScanLedger<Outcome> ledger = new ScanLedger<>(TestDatabases.fresh(kind), Outcome.class);
        ledger.record(WEEK, "601", new Outcome("a", null));
        assertEquals(Map.of("601", new Outcome("a", List.of())), ledger.outcomes(WEEK), "a null list, as Savings.netOf leaves out, reads back empty");
    }

    /** V23: outcomes kept under the lease protocol read the same after it; claims that never finished are gone, to be scheduled again. */
    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void outcomesKeptBeforeTheUpgradeAreReadAfterItAndUnfinishedClaimsAreDropped(TestDatabases.Kind kind) {
        Database db = TestDatabases.migratedTo(kind, "22");
        Instant at = Instant.parse("2026-11-30T09:00:00Z");
        db.inTransaction(sql -> {
            sql.update("INSERT INTO fleet_scan_jobs (week_start, job_id, state, holder, claimed_at, outcome_json) VALUES (?, ?, ?, ?, ?, ?)",
                    Date.valueOf(WEEK), "601", "done", "replica-a", at, "{\"by\":\"a\",\"findings\":[\"skew\"]}");
            return sql.update("INSERT INTO fleet_scan_jobs (week_start, job_id, state, holder, claimed_at) VALUES (?, ?, ?, ?, ?)",
                    Date.valueOf(WEEK), "602", "running", "replica-killed", at);
        });

        db.migrate();

        ScanLedger<Outcome> ledger = new ScanLedger<>(db, Outcome.class);
        assertEquals(Map.of("601", new Outcome("a", List.of("skew"))), ledger.outcomes(WEEK));
        assertTrue(ledger.record(WEEK, "602", new Outcome("b", List.of())), "the unfinished job is analysed again");
    }
}
