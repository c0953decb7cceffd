package io.sparkadvisor.bot.ask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Concurrent work on one key runs once; its result is shared a while, then the key runs again; failures are never kept. */
class InFlightTest {
    @Test
    void aSecondCallerWhileTheWorkRunsSharesItsResult() throws Exception {
        InFlight<Long, String> inFlight = new InFlight<>(Duration.ZERO);
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<InFlight.Share<String>> first = CompletableFuture.supplyAsync(() -> inFlight.once(7L, () -> {
            runs.incrementAndGet();
            started.countDown();
            await(release);
            return "advice";
        }));
        started.await();

        InFlight.Share<String> second = inFlight.once(7L, () -> "never");
        assertFalse(second.didTheWork());
        assertFalse(second.result().isDone());
        release.countDown();

        assertTrue(first.get().didTheWork());
        assertEquals("advice", second.result().get());
        assertEquals(1, runs.get());
        assertEquals("again", inFlight.once(7L, () -> "again").result().get());
    }

    @Test
    void aFailureReachesEveryCallerAndFreesTheKey() throws Exception {
        InFlight<Long, String> inFlight = new InFlight<>(Duration.ofMinutes(1));
        InFlight.Share<String> failed = inFlight.once(1L, () -> {
            throw new IllegalStateException("workspace down");
        });
        assertTrue(failed.result().isCompletedExceptionally());
        assertEquals("ok", inFlight.once(1L, () -> "ok").result().get());
    }

    @Test
    void aFinishedResultIsSharedForAWhile() throws Exception {
        InFlight<Long, String> inFlight = new InFlight<>(Duration.ofMillis(300));
        inFlight.once(3L, () -> "first");

        InFlight.Share<String> soonAfter = inFlight.once(3L, () -> "second");
        assertFalse(soonAfter.didTheWork());
        assertEquals("first", soonAfter.result().get());
        Thread.sleep(600);
        assertEquals("third", inFlight.once(3L, () -> "third").result().get());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
