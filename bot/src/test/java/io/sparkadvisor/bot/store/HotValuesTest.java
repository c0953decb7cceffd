package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class HotValuesTest {
    private static final Instant NOW = Instant.parse("2026-12-04T10:00:00Z");

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void eightClicksAtOnceStartOneRunAndAFailedRunMayBeStartedAgain(TestDatabases.Kind kind) {
        HotValues store = new HotValues(TestDatabases.fresh(kind));
        store.offered("4501-skew@1.2", 4501, 45L, "C0DATA", "1.2", "U0ANA", "{\"partitionKeys\":[\"market_id\"]}");
        store.offered("4501-skew@1.2", 4501, 45L, "C0DATA", "1.2", "U0ANA", "{}"); // offered again: kept as first offered

        long started = IntStream.range(0, 8).mapToObj(i -> CompletableFuture.supplyAsync(() -> store.start("4501-skew@1.2", "U" + i,
                NOW, NOW.minusSeconds(360)))).toList().stream().filter(CompletableFuture::join).count();

        assertEquals(1, started);
        assertEquals("running", store.find("4501-skew@1.2").orElseThrow().state());
        assertEquals("{\"partitionKeys\":[\"market_id\"]}", store.find("4501-skew@1.2").orElseThrow().evidenceJson());
        store.failed("4501-skew@1.2");
        assertTrue(store.start("4501-skew@1.2", "U0BOB", NOW, NOW.minusSeconds(360)));
        store.found("4501-skew@1.2", "7", "INT", 0.85);
        HotValues.Lookup found = store.find("4501-skew@1.2").orElseThrow();
        assertTrue(found.found());
        assertEquals("7", found.value());
        assertEquals(0.85, found.share());
        assertFalse(store.start("4501-skew@1.2", "U0ANA", NOW, NOW.minusSeconds(360)), "a found value is not looked up again");
    }

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aRunLeftByAStoppedBotIsTakenOverOnceStale(TestDatabases.Kind kind) {
        HotValues store = new HotValues(TestDatabases.fresh(kind));
        store.offered("4502-skew@1.3", 4502, null, "C0DATA", "1.3", "U0ANA", "{}");
        assertTrue(store.start("4502-skew@1.3", "U0ANA", NOW, NOW.minusSeconds(360)));

        assertFalse(store.start("4502-skew@1.3", "U0BOB", NOW.plusSeconds(60), NOW.minusSeconds(300)), "still within its budget");
        assertTrue(store.start("4502-skew@1.3", "U0BOB", NOW.plusSeconds(400), NOW.plusSeconds(40)), "past its budget and a minute");
        assertEquals(null, store.find("4502-skew@1.3").orElseThrow().jobId());
    }
}
