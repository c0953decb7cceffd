package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.bot.store.TestDatabases;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Two replicas, two OS processes, one PostgreSQL: a channel's digest due on both is posted once. */
class DigestReplicasOnPostgresTest {
    static final Duration WAIT = Duration.ofSeconds(60);
    static final Instant DUE = Instant.parse("2026-11-30T08:00:00Z");

    @Test
    void twoReplicasPostOneDigestPerSubscriptionAndWeek() throws Exception {
        Map<String, String> database = TestDatabases.freshEnvironment(TestDatabases.Kind.POSTGRESQL);
        Database db = Database.fromEnvironment(database);
        try (BotHarness bot = new BotHarness(db, Map.of("SPARK_ADVISOR_APPROVERS", USER), Clock.systemUTC())) {
            DigestEndToEndTest.scriptBilling(bot);
            bot.requests.command("digest subscribe mon 09:00 Europe/Berlin", CHANNEL, USER);
            await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
            bot.digestScheduler.setTime(DUE);

            ReplicaProcess.runTogether(OtherDigestReplica.class, List.of(database.get("DATABASE_URL"), bot.workspace.url(),
                    bot.slack.baseUrl() + "/api/", DUE.toString()), WAIT, bot.digestScheduler::runAnyDueExecutions);

            assertEquals(1, bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("channel").equals(CHANNEL)).count(),
                    "one of the two replicas posts the digest");
            assertEquals(LocalDate.parse("2026-11-23"), new DigestSubscriptions(db).find(CHANNEL).orElseThrow().lastWeek());
        }
    }
}
