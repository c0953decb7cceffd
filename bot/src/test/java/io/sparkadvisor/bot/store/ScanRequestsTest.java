package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** On-demand scans per channel and UTC day, on both databases: what replicas share. */
class ScanRequestsTest {
    private static final Instant NOW = Instant.parse("2026-11-25T23:30:00Z");

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aChannelGetsItsScansOfTheDayAndNoMoreEvenWhenAskedAtOnceThroughTwoConnections(TestDatabases.Kind kind) {
        Map<String, String> env = TestDatabases.freshEnvironment(kind);
        ScanRequests one = new ScanRequests(Database.fromEnvironment(env));
        ScanRequests other = new ScanRequests(Database.fromEnvironment(env));

        long taken = IntStream.range(0, 8).mapToObj(i -> CompletableFuture.supplyAsync(() -> (i % 2 == 0 ? one : other)
                .take("C0DATA", "U" + i, 3, NOW))).toList().stream().filter(CompletableFuture::join).count();

        assertEquals(3, taken, "three of eight at once");
        assertFalse(one.take("C0DATA", "U0ANA", 3, NOW.plusSeconds(60)));
        assertTrue(one.take("C0OTHER", "U0ANA", 3, NOW), "each channel has its own");
        assertTrue(other.take("C0DATA", "U0ANA", 3, ScanRequests.nextDay(NOW)), "a new UTC day, new scans");
        assertEquals(Instant.parse("2026-11-26T00:00:00Z"), ScanRequests.nextDay(NOW));
    }
}
