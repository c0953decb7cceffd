package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.ScanClaims;
import io.sparkadvisor.bot.store.TestDatabases;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Two replicas, two OS processes, one PostgreSQL, both scanning the week at once (the scheduled
 * digest on one, a scan on demand beside it on the other): every job's log is read once, and the
 * digest with its threads per fix is posted once.
 */
class FleetScanReplicasOnPostgresTest {
    static final Duration WAIT = Duration.ofSeconds(90);
    static final Instant DUE = Instant.parse("2026-11-30T09:00:00Z");
    static final LocalDate WEEK = LocalDate.parse("2026-11-23");
    static final int JOBS = 12;
    static final ScanConfig SCAN = new ScanConfig(true, JOBS, 2, 5, 5, null, null, null);

    @Test
    void twoReplicasScanEachJobOnceAndPostTheDigestOnce() throws Exception {
        Map<String, String> database = TestDatabases.freshEnvironment(TestDatabases.Kind.POSTGRESQL);
        Database db = Database.fromEnvironment(database);
        try (BotHarness bot = BotHarness.scanning(db, Map.of("SPARK_ADVISOR_APPROVERS", USER), SCAN)) {
            Fleet.add(bot.workspace, JOBS);
            bot.requests.command("digest subscribe mon 09:00 UTC", CHANNEL, USER);
            await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
            bot.slack.clear();
            bot.digestScheduler.setTime(DUE);

            ReplicaProcess.runTogether(OtherFleetReplica.class, List.of(database.get("DATABASE_URL"), bot.workspace.url(),
                    bot.slack.baseUrl() + "/api/", DUE.toString()), WAIT, bot.digestScheduler::runAnyDueExecutions);

            assertEquals(JOBS, ScanClaims.outcomes(db, WEEK).size(), "every job has its outcome");
            List<Long> reads = IntStream.range(0, JOBS).mapToObj(k -> Fleet.logReads(bot.workspace, k)).toList();
            assertEquals(IntStream.range(0, JOBS).mapToObj(k -> Fleet.UNREADABLE.containsKey(k) ? 0L : 1L).toList(), reads,
                    "each readable job's log was read once, by one of the two replicas");
            List<FakeSlackApi.Call> parents = bot.slack.calls("chat.postMessage").stream()
                    .filter(c -> c.param("channel").equals(CHANNEL) && c.param("thread_ts").isEmpty()).toList();
            assertEquals(1, parents.stream().filter(c -> c.param("blocks").contains("Jobs cost, Mon 23 Nov 2026")).count(), "one digest");
            long fixes = Math.min(5, Fleet.expected(ScanClaims.outcomes(db, WEEK), JOBS).size());
            assertTrue(fixes > 0);
            assertEquals(1 + fixes, parents.size(), "the digest and one thread per fix, once");
        }
    }
}
