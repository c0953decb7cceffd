package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ScanLedgerTest {
    static final LocalDate WEEK = LocalDate.parse("2026-11-23");
    static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
    static final Duration STALE = Duration.ofMinutes(30);

    /** An outcome as the ledger keeps one: a plain record, its lists left out of the JSON when empty. */
    record Outcome(String by, List<String> findings) {}

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void oneReplicaClaimsAJobAndEveryoneReadsItsOutcome(TestDatabases.Kind kind) {
        ScanLedger<Outcome> ledger = new ScanLedger<>(TestDatabases.fresh(kind), Outcome.class);
        assertTrue(ledger.claim(WEEK, "601", "a", T0, STALE));
        assertFalse(ledger.claim(WEEK, "601", "b", T0.plusSeconds(60), STALE), "held by a");
        assertTrue(ledger.claim(WEEK.plusDays(7), "601", "b", T0, STALE), "another week is another scan");

        ledger.done(WEEK, "601", "b", new Outcome("b", List.of("skew")));
        assertEquals(Map.of(), ledger.outcomes(WEEK), "only the holder records the outcome");
        assertEquals(Set.of(), ledger.done(WEEK));
        ledger.done(WEEK, "601", "a", new Outcome("a", List.of("skew")));
        assertEquals(Map.of("601", new Outcome("a", List.of("skew"))), ledger.outcomes(WEEK));
        assertEquals(Set.of("601"), ledger.done(WEEK));
        assertFalse(ledger.claim(WEEK, "601", "b", T0.plus(STALE).plusSeconds(60), STALE), "a done job is never claimed again");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aClaimOfAKilledReplicaIsTakenOverOnceStaleAndAGivenBackOneAtOnce(TestDatabases.Kind kind) {
        ScanLedger<Outcome> ledger = new ScanLedger<>(TestDatabases.fresh(kind), Outcome.class);
        ledger.claim(WEEK, "601", "killed", T0, STALE);
        assertFalse(ledger.claim(WEEK, "601", "b", T0.plus(STALE).minusSeconds(1), STALE));
        assertTrue(ledger.claim(WEEK, "601", "b", T0.plus(STALE).plusSeconds(1), STALE));

        ledger.claim(WEEK, "603", "alive", T0, STALE);
        ledger.renew(WEEK, "alive", T0.plus(STALE));
        assertFalse(ledger.claim(WEEK, "603", "b", T0.plus(STALE).plusSeconds(1), STALE), "a renewed claim is not stale");

        ledger.claim(WEEK, "602", "stopping", T0, STALE);
        ledger.release(WEEK, "602", "stopping");
        assertTrue(ledger.claim(WEEK, "602", "c", T0.plusSeconds(1), STALE));
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void anOutcomeKeptWithoutItsListsReadsBackWithEmptyOnes(TestDatabases.Kind kind) {
        ScanLedger<Outcome> ledger = new ScanLedger<>(TestDatabases.fresh(kind), Outcome.class);
        ledger.claim(WEEK, "601", "a", T0, STALE);
        ledger.done(WEEK, "601", "a", new Outcome("a", null));
        assertEquals(Map.of("601", new Outcome("a", List.of())), ledger.outcomes(WEEK), "a null list, as Savings.netOf leaves out, reads back empty");
    }
}
