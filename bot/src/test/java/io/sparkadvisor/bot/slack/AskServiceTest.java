package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.ask.RunAnalysis;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.ops.BotMetrics;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * An ask that fails in a way nobody foresaw is still answered, and the pool's thread goes on to the next ask. The
 * failure here is a service left unwired (no admission: a NullPointerException on the ask thread), standing for any
 * bug past the ack (the audit's 20 MiB ask died on one, uncaught).
 */
class AskServiceTest {
    @Test
    void anAskThatFailsUnforeseenTellsTheAskerAndTheNextAskIsTaken() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        AskService asks = new AskService(new RunAnalysis(null, null), null, pool, null, null, null, null, BotMetrics.none());
        CompletableFuture<String> first = new CompletableFuture<>();
        CompletableFuture<String> second = new CompletableFuture<>();
        assertTrue(asks.submit(new Ask("C1", "U1", "run:1", first::complete), null));
        assertTrue(asks.submit(new Ask("C1", "U1", "run:2", second::complete), null));

        String told = first.get(60, TimeUnit.SECONDS);
        assertTrue(told.contains("reference"), told);
        assertTrue(second.get(60, TimeUnit.SECONDS).contains("reference"), "the same thread answered the next ask");
        pool.shutdownNow();
    }
}
