package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Deliveries taken once across replicas, on both databases: racing takers, and keys forgotten after their window. */
class SlackEventsTest {
    private static final Instant NOW = Instant.parse("2026-12-05T06:00:00Z");

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void ofEightTakersRacingForOneReplayedRequestExactlyOneTakesIt(TestDatabases.Kind kind) throws Exception {
        SlackEvents requests = new SlackEvents(TestDatabases.fresh(kind), Clock.systemUTC()).signedRequests();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        try {
            Callable<Boolean> take = () -> {
                start.await();
                return requests.take("a".repeat(64));
            };
            List<Future<Boolean>> takers = IntStream.range(0, 8).mapToObj(i -> pool.submit(take)).toList();
            start.countDown();
            long taken = 0;
            for (Future<Boolean> taker : takers) {
                taken += taker.get() ? 1 : 0;
            }
            assertEquals(1, taken);
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aRequestKeyIsForgottenOnceItsSignatureWindowIsOverAndAnEventKeyIsNot(TestDatabases.Kind kind) {
        Database db = TestDatabases.fresh(kind);
        SlackEvents events = new SlackEvents(db, Clock.fixed(NOW, ZoneOffset.UTC));
        SlackEvents requests = events.signedRequests();
        assertTrue(requests.take("request"));
        assertTrue(events.take("request"), "events and requests are kept apart");
        assertFalse(requests.take("request"));

        Instant later = NOW.plus(SlackEvents.REQUESTS_KEPT).plusSeconds(1);
        SlackEvents eventsLater = new SlackEvents(db, Clock.fixed(later, ZoneOffset.UTC));
        assertTrue(eventsLater.signedRequests().take("request"), "pruned after " + SlackEvents.REQUESTS_KEPT);
        assertFalse(eventsLater.take("request"), "an event id is kept for " + SlackEvents.EVENTS_KEPT);
    }
}
