package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static io.sparkadvisor.bot.slack.FleetScanReplicasOnPostgresTest.DUE;
import static io.sparkadvisor.bot.slack.FleetScanReplicasOnPostgresTest.JOBS;
import static io.sparkadvisor.bot.slack.FleetScanReplicasOnPostgresTest.SCAN;
import static io.sparkadvisor.bot.slack.FleetScanReplicasOnPostgresTest.WAIT;
import static io.sparkadvisor.bot.slack.FleetScanReplicasOnPostgresTest.WEEK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.MovableClock;
import io.sparkadvisor.bot.scan.FleetScan;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.ScanClaims;
import io.sparkadvisor.bot.store.TestDatabases;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A replica process killed (kill -9) in the middle of the week's scan, running jobs it had not finished: the
 * other replica's digest scans the jobs nobody runs, waits on the dead one's executions, runs them itself once
 * db-scheduler finds them dead (no heartbeat for {@link FleetScan#DEAD_AFTER}), and so analyses exactly the jobs
 * the dead one left (its finished jobs are not read again) and posts the digest and its fix threads once. The
 * emulator answers slowly while the first replica scans, so that it dies with work in hand; the survivor's clock
 * is moved {@link FleetScan#DEAD_AFTER} on while it waits, so the executions are dead without the test waiting that long.
 */
class FleetScanKilledReplicaTest {
    @Test
    void aReplicaKilledMidScanLeavesItsUnfinishedJobsToTheOtherWhichAnalysesEachOnceAndPostsOnce() throws Exception {
        Map<String, String> database = TestDatabases.freshEnvironment(TestDatabases.Kind.POSTGRESQL);
        Database db = Database.fromEnvironment(database);
        MovableClock clock = new MovableClock();
        try (BotHarness bot = BotHarness.scanning(db, Map.of("SPARK_ADVISOR_APPROVERS", USER), SCAN, clock)) {
            Fleet.add(bot.workspace, JOBS);
            bot.requests.command("digest subscribe mon 09:00 UTC", CHANNEL, USER);
            await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
            bot.slack.clear();
            bot.digestScheduler.setTime(DUE);
            bot.workspace.latency(Duration.ofMillis(150));

            ReplicaProcess.Started doomed = ReplicaProcess.start(OtherFleetReplica.class, List.of(database.get("DATABASE_URL"),
                    bot.workspace.url(), bot.slack.baseUrl() + "/api/", DUE.toString(), OtherFleetReplica.SCAN_ONLY));
            try {
                doomed.go();
                await(WAIT, () -> ScanClaims.outcomes(db, WEEK).size() >= 3 && !ScanClaims.held(db, WEEK).isEmpty());
                doomed.kill();
            } finally {
                doomed.process().destroyForcibly();
            }
            // A read the dead replica had sent is recorded once answered, after its latency: count none of them as the survivor's.
            await(WAIT, () -> bot.workspace.answering() == 0);
            Set<String> doneByTheDead = ScanClaims.outcomes(db, WEEK).keySet();
            Set<String> leftClaimed = ScanClaims.held(db, WEEK);
            assertFalse(leftClaimed.isEmpty(), "the killed replica was running jobs it had not finished");
            assertTrue(doneByTheDead.size() < JOBS, "and had not finished the scan: " + doneByTheDead);
            List<Long> readByTheDead = IntStream.range(0, JOBS).mapToObj(k -> Fleet.logReads(bot.workspace, k)).toList();
            bot.workspace.latency(Duration.ZERO);

            CompletableFuture<Void> digest = CompletableFuture.runAsync(bot.digestScheduler::runAnyDueExecutions);
            await(WAIT, () -> ScanClaims.outcomes(db, WEEK).size() == JOBS - leftClaimed.size());
            assertEquals(leftClaimed, ScanClaims.held(db, WEEK), "the survivor scanned the other jobs and waits on the dead one's executions");
            clock.advance(FleetScan.DEAD_AFTER.plusSeconds(1));
            digest.get(WAIT.toSeconds(), TimeUnit.SECONDS);

            Map<String, String> outcomes = ScanClaims.outcomes(db, WEEK);
            assertEquals(JOBS, outcomes.size(), "every job has its outcome");
            assertEquals(Set.of(), ScanClaims.held(db, WEEK), "the dead executions were run again and finished");
            List<Long> readBySurvivor = IntStream.range(0, JOBS).mapToObj(k -> Fleet.logReads(bot.workspace, k) - readByTheDead.get(k)).toList();
            assertEquals(IntStream.range(0, JOBS).mapToObj(k -> Fleet.UNREADABLE.containsKey(k)
                    || doneByTheDead.contains(Long.toString(Fleet.jobId(k))) ? 0L : 1L).toList(), readBySurvivor,
                    "the survivor read each log the dead replica had not finished once, and none of those it had");
            for (String job : doneByTheDead) {
                int k = (int) (Long.parseLong(job) - Fleet.jobId(0));
                assertEquals(Fleet.UNREADABLE.containsKey(k) ? 0L : 1L, readByTheDead.get(k), "job " + job + " finished by the dead replica, read once");
            }
            List<FakeSlackApi.Call> parents = bot.slack.calls("chat.postMessage").stream()
                    .filter(c -> c.param("channel").equals(CHANNEL) && c.param("thread_ts").isEmpty()).toList();
            assertEquals(1, parents.stream().filter(c -> c.param("blocks").contains("Jobs cost, Mon 23 Nov 2026")).count(), "one digest");
            long fixes = Math.min(SCAN.topFixes(), Fleet.expected(outcomes, JOBS).size());
            assertTrue(fixes > 0);
            assertEquals(1 + fixes, parents.size(), "the digest and one thread per fix, once");
        }
    }
}
