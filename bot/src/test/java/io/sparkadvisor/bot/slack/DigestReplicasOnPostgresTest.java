package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.bot.store.TestDatabases;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Two replicas, two OS processes, one PostgreSQL: a channel's digest due on both is posted once. */
class DigestReplicasOnPostgresTest {
    static final Duration WAIT = Duration.ofSeconds(60);
    static final Instant DUE = Instant.parse("2026-11-30T08:00:00Z");

    @Test
    void twoReplicasPostOneDigestPerSubscriptionAndWeek() throws Exception {
        Map<String, String> database = TestDatabases.freshEnvironment(TestDatabases.Kind.POSTGRESQL);
        Database db = Database.fromEnvironment(database);
        try (BotHarness bot = new BotHarness(db, Map.of())) {
            DigestEndToEndTest.scriptBilling(bot);
            bot.requests.command("digest subscribe mon 09:00 Europe/Berlin", CHANNEL, USER);
            await(WAIT, () -> !bot.slack.calls("response_url").isEmpty());
            bot.digestScheduler.setTime(DUE);

            Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), OtherDigestReplica.class.getName(), database.get("DATABASE_URL"),
                    bot.workspace.url(), bot.slack.baseUrl() + "/api/", DUE.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try {
                BufferedReader said = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
                while (!"ready".equals(said.readLine())) {
                    assertTrue(other.isAlive(), "the other replica died before it was ready");
                }
                other.getOutputStream().write('\n');
                other.getOutputStream().flush();
                bot.digestScheduler.runAnyDueExecutions();
                assertTrue(other.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "the other replica's run ends");
                assertEquals(0, other.exitValue());
            } finally {
                other.destroy();
            }

            assertEquals(1, bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("channel").equals(CHANNEL)).count(),
                    "one of the two replicas posts the digest");
            assertEquals(LocalDate.parse("2026-11-23"), new DigestSubscriptions(db).find(CHANNEL).orElseThrow().lastWeek());
        }
    }
}
