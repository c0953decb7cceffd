package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.store.HealthRuleOffers.Waiting;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A verified step waiting for its job's runs: remembered once, listed, and ended by exactly one caller. */
class HealthRuleOffersTest {
    private static final String ID = "4201-skew";
    private static final Instant VERDICT = Instant.parse("2026-12-03T09:00:00Z");

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aWaitIsKeptOnceAcrossRetriesAndEndedOnceAcrossReplicas(TestDatabases.Kind kind) {
        Database db = TestDatabases.fresh(kind);
        new Recommendations(db).posted(ChangesTest.recommendation(ID, "fp-1", "U0ANA", "1.1"), List.of(1, 2));
        HealthRuleOffers offers = new Recommendations(db).healthRuleOffers();

        assertTrue(offers.waitForRuns(ID, 1, VERDICT));
        assertFalse(offers.waitForRuns(ID, 1, VERDICT.plusSeconds(60)), "a retried verdict waits no second time");
        assertTrue(offers.waitForRuns(ID, 2, VERDICT.plusSeconds(120)));
        assertEquals(List.of(new Waiting(ID, 1, VERDICT), new Waiting(ID, 2, VERDICT.plusSeconds(120))), offers.waiting());

        assertTrue(offers.stopWaiting(ID, 1));
        assertFalse(offers.stopWaiting(ID, 1), "of two replicas ending the wait, one says what came of it");
        assertEquals(List.of(new Waiting(ID, 2, VERDICT.plusSeconds(120))), offers.waiting());
    }
}
