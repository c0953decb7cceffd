package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.MovableClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ChangesTest {
    private static final String ID = "4201-skew";

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void ofEightApproversAtOnceExactlyOneClaimsTheStepAndOneAuditLineIsWritten(TestDatabases.Kind kind) throws Exception {
        Database db = TestDatabases.fresh(kind);
        new Recommendations(db).posted(recommendation(ID, "fp-1", "U0ANA", "1.1"), List.of(1, 2));
        Changes changes = new Changes(db);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> claims = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String who = "U" + i;
            Callable<Boolean> claim = () -> {
                start.await();
                return changes.approve(entry(who, AuditAction.APPROVED));
            };
            claims.add(pool.submit(claim));
        }
        start.countDown();
        long won = 0;
        for (Future<Boolean> f : claims) {
            won += f.get() ? 1 : 0;
        }
        pool.shutdown();

        assertEquals(1, won);
        assertEquals(ChangeState.APPROVED, changes.find(ID, 1).orElseThrow().state());
        assertEquals(ChangeState.PROPOSED, changes.find(ID, 2).orElseThrow().state());
        assertEquals(1, changes.audit(42).size());
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aRepostIsARecommendationOfItsOwnAndEveryRequesterIsKept(TestDatabases.Kind kind) {
        Database db = TestDatabases.fresh(kind);
        Recommendations recommendations = new Recommendations(db);
        recommendations.posted(recommendation(ID, "fp-1", "U0ANA", "1.1"), List.of(1));
        recommendations.posted(recommendation(ID + "@2.1", "fp-2", "U0EVE", "2.1"), List.of(1));
        recommendations.posted(recommendation(ID, "fp-3", "U0EVE", "3.1"), List.of(1)); // a retried delivery of the first post

        StoredRecommendation first = recommendations.find(ID).orElseThrow();
        assertEquals(List.of("fp-1", "U0ANA", "1.1"), List.of(first.settingsFingerprint(), first.requester(), first.threadTs()));
        assertEquals(List.of("U0ANA", "U0EVE"), recommendations.requesters(first).stream().sorted().toList());
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void everyStateIsReachedOnlyThroughItsTransitionsAndEachWritesItsAuditLine(TestDatabases.Kind kind) {
        Database db = TestDatabases.fresh(kind);
        new Recommendations(db).posted(recommendation(ID, "fp-1", "U0ANA", "1.1"), List.of(1, 2));
        Changes changes = new Changes(db);

        assertFalse(changes.move(Transition.APPLY, entry("U1", AuditAction.APPLIED)), "a proposed step cannot be applied");
        assertFalse(changes.approve(step2(AuditAction.APPROVED)), "step 2 waits for step 1 to be verified");
        assertTrue(changes.approve(entry("U1", AuditAction.APPROVED)));
        assertTrue(changes.sending("{\"touched\":[]}", "fp-2", entry(AuditEntry.BOT, AuditAction.SENDING)));
        assertEquals(ChangeState.APPLYING, changes.find(ID, 1).orElseThrow().state());
        assertTrue(changes.applied("fp-2", entry("U1", AuditAction.APPLIED)));
        assertFalse(changes.applied("fp-4", entry("U2", AuditAction.APPLIED)), "applied once");
        assertTrue(changes.followedUp(Transition.FAIL_CHECKS, 4290, entry(AuditEntry.BOT, AuditAction.CHECKS_FAILED)));
        assertTrue(changes.move(Transition.ROLL_BACK, entry("U2", AuditAction.ROLLING_BACK)));
        ChangeRecord rollingBack = changes.find(ID, 1).orElseThrow();
        assertEquals(List.of(ChangeState.ROLLING_BACK, "U2", 4290L), List.of(rollingBack.state(), rollingBack.decidedBy(), rollingBack.followedUpRunId()));
        assertEquals(Transition.KEEP_FAILED, Transition.keep(rollingBack), "a failed step goes back to offering its roll back");
        assertTrue(changes.move(Transition.KEEP_FAILED, entry(AuditEntry.BOT, AuditAction.ROLL_BACK_REFUSED)));
        assertTrue(changes.move(Transition.ROLL_BACK, entry("U2", AuditAction.ROLLING_BACK)));
        assertTrue(changes.move(Transition.RESTORED, entry(AuditEntry.BOT, AuditAction.ROLLED_BACK)));
        assertFalse(changes.approve(step2(AuditAction.APPROVED)), "step 1 was rolled back: step 2 has nothing to build on");

        ChangeRecord done = changes.find(ID, 1).orElseThrow();
        assertEquals(List.of(ChangeState.ROLLED_BACK, "{\"touched\":[]}", "fp-2"), List.of(done.state(), done.stepKeys(), done.fingerprintAfter()));
        assertEquals(List.of("approved", "sending", "applied", "checks-failed", "rolling-back", "roll-back-refused", "rolling-back", "rolled-back"),
                changes.audit(42).stream().map(e -> e.action().id()).toList());
        assertThrows(IllegalArgumentException.class, () -> changes.move(Transition.REJECT, step2(AuditAction.APPROVED)),
                "a transition writes its own audit action");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aVerifiedStepMayBeRolledBackAndARollBackThatDidNotHappenLeavesItVerified(TestDatabases.Kind kind) {
        Changes changes = appliedStep(TestDatabases.fresh(kind));
        assertTrue(changes.followedUp(Transition.VERIFY, 4290, entry(AuditEntry.BOT, AuditAction.VERIFIED)));

        assertTrue(changes.move(Transition.ROLL_BACK, entry("U2", AuditAction.ROLLING_BACK)), "a verified step can still be rolled back");
        ChangeRecord rollingBack = changes.find(ID, 1).orElseThrow();
        assertTrue(rollingBack.passed());
        assertEquals(Transition.KEEP_VERIFIED, Transition.keep(rollingBack), "a refused roll back leaves the step verified");
        assertTrue(changes.move(Transition.KEEP_VERIFIED, entry(AuditEntry.BOT, AuditAction.ROLL_BACK_REFUSED)));
        assertEquals(ChangeState.VERIFIED, changes.find(ID, 1).orElseThrow().state());
        assertTrue(changes.move(Transition.ROLL_BACK, entry("U2", AuditAction.ROLLING_BACK)));
        assertFalse(changes.move(Transition.ROLL_BACK, entry("U3", AuditAction.ROLLING_BACK)), "claimed once");
        assertTrue(changes.move(Transition.RESTORED, entry(AuditEntry.BOT, AuditAction.ROLLED_BACK)));
        assertEquals(List.of("approved", "sending", "applied", "verified", "rolling-back", "roll-back-refused", "rolling-back", "rolled-back"),
                changes.audit(42).stream().map(e -> e.action().id()).toList());
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aStepOnAContinuousJobWaitsForOneConfirmedRestartBeforeItIsJudgedOnAWindowAndSoDoesItsRollBack(TestDatabases.Kind kind) {
        Changes changes = appliedStep(TestDatabases.fresh(kind));
        assertTrue(changes.move(Transition.AWAIT_RESTART, entry(AuditEntry.BOT, AuditAction.AWAITING_RESTART)));
        assertEquals(ChangeState.AWAITING_RESTART, changes.find(ID, 1).orElseThrow().state());
        assertTrue(changes.awaitingFollowUp().isEmpty() && changes.awaitingWindow().isEmpty(), "not in effect: nothing to judge");
        assertFalse(changes.move(Transition.ROLL_BACK, entry("U2", AuditAction.ROLLING_BACK)), "nothing in effect to roll back yet");

        Instant restarted = Instant.parse("2026-12-03T09:00:00Z");
        AuditEntry restart = new AuditEntry(restarted, "U2", 42, ID, 1, AuditAction.RESTARTED, "test");
        assertTrue(changes.move(Transition.RESTART, restart));
        assertFalse(changes.move(Transition.RESTART, restart), "a double click restarts once");
        changes.restartedFrom(ID, 1, 4201);
        assertTrue(changes.awaitingFollowUp().isEmpty(), "a continuous job's runs do not complete: not the batch follow-up's");
        RestartedStep waiting = changes.awaitingWindow().get(0);
        assertEquals(List.of(ChangeState.APPLIED, restarted, 4201L), List.of(waiting.change().state(), waiting.restartedAt(),
                waiting.cancelledRunId()));

        assertTrue(changes.move(Transition.AWAIT_RESTART, entry(AuditEntry.BOT, AuditAction.AWAITING_RESTART)), "a cancel that failed");
        assertTrue(changes.awaitingWindow().isEmpty(), "back to waiting forgets the restart");
        assertTrue(changes.move(Transition.RESTART, restart));
        assertTrue(changes.followedUp(Transition.VERIFY, 4202, entry(AuditEntry.BOT, AuditAction.VERIFIED)));
        assertTrue(changes.awaitingWindow().isEmpty(), "judged once");

        assertTrue(changes.move(Transition.ROLL_BACK, entry("U2", AuditAction.ROLLING_BACK)));
        assertTrue(changes.move(Transition.RESTORED, entry(AuditEntry.BOT, AuditAction.ROLLED_BACK)));
        assertTrue(changes.move(Transition.AWAIT_RESTORE_RESTART, entry(AuditEntry.BOT, AuditAction.AWAITING_RESTART)));
        assertEquals(ChangeState.ROLLED_BACK_AWAITING_RESTART, changes.find(ID, 1).orElseThrow().state(), "the database's check admits it");
        assertTrue(changes.move(Transition.RESTART_RESTORED, entry("U2", AuditAction.RESTARTED)));
        assertFalse(changes.move(Transition.RESTART_RESTORED, entry("U2", AuditAction.RESTARTED)), "once");
        assertEquals(ChangeState.ROLLED_BACK, changes.find(ID, 1).orElseThrow().state());
        assertTrue(changes.awaitingWindow().isEmpty(), "a rolled-back step is not judged");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aStepAwaitingItsRestartIsWithdrawnOnceWithNoRestartOrWaitsAgainWhenItsRollBackDidNotTake(TestDatabases.Kind kind) {
        Changes changes = appliedStep(TestDatabases.fresh(kind));
        assertTrue(changes.move(Transition.AWAIT_RESTART, entry(AuditEntry.BOT, AuditAction.AWAITING_RESTART)));

        assertTrue(changes.move(Transition.WITHDRAW, entry("U2", AuditAction.ROLLING_BACK)));
        assertFalse(changes.move(Transition.WITHDRAW, entry("U3", AuditAction.ROLLING_BACK)), "claimed once");
        ChangeRecord withdrawing = changes.find(ID, 1).orElseThrow();
        assertEquals(ChangeState.WITHDRAWING, withdrawing.state(), "the database's check admits it");
        assertEquals("U2", withdrawing.decidedBy());
        assertEquals(Transition.KEEP_AWAITING, Transition.keep(withdrawing), "a roll back that did not take leaves it awaiting its restart");
        assertTrue(changes.move(Transition.KEEP_AWAITING, entry(AuditEntry.BOT, AuditAction.ROLL_BACK_REFUSED)));
        assertEquals(ChangeState.AWAITING_RESTART, changes.find(ID, 1).orElseThrow().state());

        assertTrue(changes.move(Transition.WITHDRAW, entry("U2", AuditAction.ROLLING_BACK)));
        assertTrue(changes.move(Transition.RESTORED, entry(AuditEntry.BOT, AuditAction.ROLLED_BACK)));
        assertEquals(ChangeState.ROLLED_BACK, changes.find(ID, 1).orElseThrow().state(), "rolled back: no restart follows");
        assertFalse(changes.move(Transition.RESTART_RESTORED, entry("U2", AuditAction.RESTARTED)), "nothing to restart for");
        assertTrue(changes.awaitingWindow().isEmpty() && changes.awaitingFollowUp().isEmpty(), "never judged");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aJobLockHasOneHolderUntilReleasedOrExpired(TestDatabases.Kind kind) {
        Database db = TestDatabases.fresh(kind);
        MovableClock clock = new MovableClock();
        JobLocks locks = new JobLocks(db, clock);

        JobLocks.Held first = locks.tryLock(42).orElseThrow();
        assertTrue(locks.tryLock(42).isEmpty(), "held");
        assertTrue(locks.tryLock(43).isPresent(), "another job's lock is another lock");
        first.close();
        JobLocks.Held second = locks.tryLock(42).orElseThrow();
        clock.advance(JobLocks.TTL.plusSeconds(1));
        JobLocks.Held taken = locks.tryLock(42).orElseThrow(() -> new AssertionError("an expired lock is taken over"));
        second.close(); // the stopped holder's release must not free the new holder's lock
        assertTrue(locks.tryLock(42).isEmpty());
        taken.close();
        assertTrue(locks.tryLock(42).isPresent());
    }

    /** Step 1 of a posted recommendation, approved and applied. */
    private static Changes appliedStep(Database db) {
        new Recommendations(db).posted(recommendation(ID, "fp-1", "U0ANA", "1.1"), List.of(1));
        Changes changes = new Changes(db);
        assertTrue(changes.approve(entry("U1", AuditAction.APPROVED)));
        assertTrue(changes.sending("{\"touched\":[]}", "fp-2", entry(AuditEntry.BOT, AuditAction.SENDING)));
        assertTrue(changes.applied("fp-2", entry("U1", AuditAction.APPLIED)));
        return changes;
    }

    static StoredRecommendation recommendation(String id, String fingerprint, String requester, String threadTs) {
        return new StoredRecommendation(id, 4201, 42, "skew", "job_cluster:main", "[]", fingerprint, "C1", threadTs, threadTs + "2",
                requester, Instant.parse("2026-12-03T08:00:00Z"));
    }

    private static AuditEntry entry(String who, AuditAction action) {
        return new AuditEntry(Instant.now(), who, 42, ID, 1, action, "test");
    }

    private static AuditEntry step2(AuditAction action) {
        return new AuditEntry(Instant.now(), "U1", 42, ID, 2, action, "test");
    }
}
