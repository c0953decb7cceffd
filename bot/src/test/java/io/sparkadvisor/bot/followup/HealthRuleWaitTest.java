package io.sparkadvisor.bot.followup;

import static io.sparkadvisor.bot.followup.HealthRuleWait.next;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sparkadvisor.bot.store.ChangeState;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What a poll does with a verified step waiting for the runs of its duration health rule (3 runs, 14 days). */
class HealthRuleWaitTest {
    private static final Instant SINCE = Instant.parse("2026-12-01T00:00:00Z");
    private static final Duration LONGEST = Duration.ofDays(14);

    @Test
    void aVerifiedStepWaitsUntilItsJobHasTheRunsThenItsRuleIsOffered() {
        assertEquals(HealthRuleWait.WAIT, next(ChangeState.VERIFIED, 2, 3, SINCE, SINCE.plus(Duration.ofDays(1)), LONGEST));
        assertEquals(HealthRuleWait.OFFER, next(ChangeState.VERIFIED, 3, 3, SINCE, SINCE.plus(Duration.ofDays(1)), LONGEST));
        assertEquals(HealthRuleWait.OFFER, next(ChangeState.VERIFIED, 3, 3, SINCE, SINCE.plus(Duration.ofDays(20)), LONGEST),
                "runs found on the poll after the deadline still bring the offer");
    }

    @Test
    void theWaitEndsOnceItsTimeIsUpWithoutTheRuns() {
        assertEquals(HealthRuleWait.WAIT, next(ChangeState.VERIFIED, 1, 3, SINCE, SINCE.plus(LONGEST), LONGEST));
        assertEquals(HealthRuleWait.GIVE_UP, next(ChangeState.VERIFIED, 1, 3, SINCE, SINCE.plus(LONGEST).plusSeconds(1), LONGEST));
    }

    @Test
    void aRolledBackStepIsDroppedWhileARollBackUnderWayIsWaitedOut() {
        assertEquals(HealthRuleWait.DROP, next(ChangeState.ROLLED_BACK, 5, 3, SINCE, SINCE, LONGEST));
        assertEquals(HealthRuleWait.DROP, next(ChangeState.ROLLED_BACK_AWAITING_RESTART, 5, 3, SINCE, SINCE, LONGEST));
        assertEquals(HealthRuleWait.WAIT, next(ChangeState.ROLLING_BACK, 5, 3, SINCE, SINCE, LONGEST),
                "a roll back refused (the job edited since) leaves the step verified");
    }
}
