package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sparkadvisor.databricks.emulator.RecordedRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A large run asked about, then asked again after the bot restarted (nothing in memory): the
 * wall time from the slash command to the finished answer, and the event-log reads of each. The log
 * is a gzipped event log given as {@code -Dbench.log=FILE} (corpus/README.md, "Benchmark input");
 * the emulator serves it over DBFS as a rolled delivery file, every call of the timed asks taking
 * {@code bench.latencyMs} (150 ms: a round trip to a workspace in another region). Not part of the default build:
 * {@code mvn -pl knowledge,rules,databricks-client,templates,bot verify -Dgroups=bench -Dtest=FactsCacheBenchmarkTest -Dbench.log=...}.
 * Warm-up (one small ask per bot) is excluded.
 */
@Tag("bench")
class FactsCacheBenchmarkTest {
    private static final Duration ANSWER = Duration.ofMinutes(30);

    @Test
    void aSecondAskAboutALargeRun() throws Exception {
        String log = System.getProperty("bench.log", "");
        assumeTrue(!log.isBlank() && Files.isRegularFile(Path.of(log)), "-Dbench.log=FILE names no file");
        Duration latency = Duration.ofMillis(Long.getLong("bench.latencyMs", 150));
        BotHarness first = new BotHarness();
        BotHarness second = null;
        try {
            BotHarness.addJob(first.workspace, 45, "large-run", "1204-large", Path.of(log).toAbsolutePath().toString(), 4501, 4501);
            ask(first, "run:4201");
            first.workspace.latency(latency);
            long firstMs = ask(first, "run:4501");
            long firstReads = largeLogReads(first);

            second = first.restart();
            second.workspace.latency(Duration.ZERO);
            ask(second, "run:4202");
            second.workspace.clearRequests();
            second.workspace.latency(latency);
            long secondMs = ask(second, "run:4501");
            System.out.printf(Locale.ROOT, "BENCH %s (%,d bytes gzipped), %d ms per workspace call: first ask %,d ms with %d"
                    + " dbfs/read calls of its log; after a restart, the second ask %,d ms with %d (workspace calls: %s)%n", log,
                    Files.size(Path.of(log)), latency.toMillis(), firstMs, firstReads, secondMs, largeLogReads(second),
                    second.workspace.requests().stream().map(RecordedRequest::path).toList());
        } finally {
            (second != null ? second : first).close();
        }
    }

    /** Milliseconds from the slash command to the parent message's final state. */
    private static long ask(BotHarness bot, String what) {
        bot.slack.clear();
        long start = System.nanoTime();
        bot.requests.command(what, CHANNEL, USER);
        BotHarness.await(ANSWER, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")));
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static long largeLogReads(BotHarness bot) {
        return bot.workspace.requests("GET", "/api/2.0/dbfs/read").stream().map(RecordedRequest::query).filter(q -> q.contains("1204-large")).count();
    }
}
