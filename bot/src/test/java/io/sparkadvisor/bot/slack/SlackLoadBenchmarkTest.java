package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * 50 signed slash commands at once against the running app: how fast Slack gets its ack, and that
 * every ask gets exactly one answer. Not part of the default build; run it with
 * {@code mvn -pl bot -Dgroups=bench test} (after installing the other modules). Warm-up is excluded.
 */
@Tag("bench")
class SlackLoadBenchmarkTest {
    private static final int ASKS = 50;

    @Test
    void fiftyConcurrentAsks() throws Exception {
        try (BotHarness bot = new BotHarness()) {
            warmUp(bot);
            bot.slack.clear();
            bot.workspace.clearRequests();

            List<Long> ackMs = fire(bot);
            long started = System.nanoTime();
            BotHarness.await(Duration.ofMinutes(5), () -> answered(bot) == ASKS);
            double answeredAfterS = (System.nanoTime() - started) / 1e9;
            Thread.sleep(1000);

            List<Long> sorted = ackMs.stream().sorted().toList();
            long p50 = sorted.get(ASKS / 2 - 1);
            long p99 = sorted.get((int) Math.ceil(ASKS * 0.99) - 1);
            System.out.printf(Locale.ROOT, "BENCH asks=%d ack p50=%d ms p99=%d ms max=%d ms; answered=%d (parents=%d);"
                            + " last answer %.1f s after the last ack; event-log reads (analyses)=%d; auth.test calls=%d%n",
                    ASKS, p50, p99, sorted.get(ASKS - 1), answered(bot), parents(bot), answeredAfterS, bot.skewLogReads(),
                    bot.slack.calls("auth.test").size());
            assertEquals(ASKS, parents(bot), "one parent message per ask");
            assertEquals(ASKS, answered(bot), "one answer per ask");
            for (int i = 0; i < ASKS; i++) {
                String channel = channel(i);
                assertEquals(1, bot.slack.calls("chat.update").stream().filter(c -> c.param("channel").equals(channel)
                        && c.param("blocks").contains("Details in the thread")).count(), channel);
            }
            assertTrue(p99 < 300, "ack p99 " + p99 + " ms");
        }
    }

    private static List<Long> fire(BotHarness bot) throws Exception {
        return fire(bot, i -> i % 2 == 0 ? "run:4202" : bot.runLink(4202));
    }

    private static List<Long> fire(BotHarness bot, java.util.function.IntFunction<String> queries) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(ASKS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Long>> acks = new ArrayList<>();
        for (int i = 0; i < ASKS; i++) {
            String channel = channel(i);
            String query = queries.apply(i);
            acks.add(clients.submit(() -> {
                go.await();
                long t = System.nanoTime();
                HttpResponse<String> ack = bot.requests.command(query, channel, "U" + channel);
                assertEquals(200, ack.statusCode());
                return (System.nanoTime() - t) / 1_000_000;
            }));
        }
        go.countDown();
        List<Long> ms = new ArrayList<>();
        for (Future<Long> ack : acks) {
            ms.add(ack.get());
        }
        clients.shutdown();
        return ms;
    }

    /** One answered ask warms the analysis; a burst of help asks warms the server's threads and connections. */
    private static void warmUp(BotHarness bot) throws Exception {
        fire(bot, i -> "help");
        bot.requests.command("run:4201", "C0WARM", "U0WARM");
        BotHarness.await(Duration.ofMinutes(1), () -> answered(bot) == 1);
    }

    private static long answered(BotHarness bot) {
        return bot.slack.calls("chat.update").stream().filter(c -> c.param("blocks").contains("Details in the thread")).count();
    }

    private static long parents(BotHarness bot) {
        return bot.slack.calls("chat.postMessage").stream().filter(c -> c.param("thread_ts").isEmpty()).count();
    }

    private static String channel(int i) {
        return String.format(Locale.ROOT, "C%04d", i);
    }
}
