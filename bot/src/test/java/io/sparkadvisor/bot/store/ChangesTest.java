package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        new Recommendations(db).posted(recommendation("fp-1"), List.of(1, 2));
        Changes changes = new Changes(db);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> claims = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String who = "U" + i;
            Callable<Boolean> claim = () -> {
                start.await();
                return changes.move(ChangeState.PROPOSED, ChangeState.APPROVED, entry(who, "approved"));
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
    void aRepostFollowsTheNewestFingerprintUntilAStepIsDecided(TestDatabases.Kind kind) {
        Database db = TestDatabases.fresh(kind);
        Recommendations recommendations = new Recommendations(db);
        recommendations.posted(recommendation("fp-1"), List.of(1));
        recommendations.posted(recommendation("fp-2"), List.of(1));
        assertEquals("fp-2", recommendations.find(ID).orElseThrow().settingsFingerprint());

        Changes changes = new Changes(db);
        assertTrue(changes.move(ChangeState.PROPOSED, ChangeState.APPROVED, entry("U1", "approved")));
        assertTrue(changes.applied("{\"a\":1}", "{\"a\":2}", "fp-3", entry("U1", "applied")));
        recommendations.posted(recommendation("fp-3"), List.of(1));

        assertEquals("fp-2", recommendations.find(ID).orElseThrow().settingsFingerprint());
        ChangeRecord applied = changes.find(ID, 1).orElseThrow();
        assertEquals(ChangeState.APPLIED, applied.state());
        assertEquals("{\"a\":1}", applied.settingsBefore());
        assertFalse(changes.applied("{}", "{}", "fp-4", entry("U2", "applied")), "applied once");
        assertEquals(List.of("approved", "applied"), changes.audit(42).stream().map(AuditEntry::action).toList());
    }

    private static StoredRecommendation recommendation(String fingerprint) {
        return new StoredRecommendation(ID, 4201, 42, "skew", "job_cluster:main", "[]", fingerprint, "C1", "1.1", "1.2",
                "U0ANA", Instant.parse("2026-12-03T08:00:00Z"));
    }

    private static AuditEntry entry(String who, String action) {
        return new AuditEntry(Instant.now(), who, 42, ID, 1, action, "test");
    }
}
