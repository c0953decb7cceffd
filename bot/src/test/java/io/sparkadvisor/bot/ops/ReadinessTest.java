package io.sparkadvisor.bot.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.MovableClock;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ReadinessTest {
    @Test
    void readyWhenEveryPartAnswers() {
        Readiness.Report report = new Readiness(List.of(new Readiness.Part("database", () -> { }),
                new Readiness.Part("slack", () -> { })), Duration.ZERO, Clock.systemUTC()).check();
        assertTrue(report.ready());
        assertEquals("ready\ndatabase: ok\nslack: ok\n", report.text());
    }

    @Test
    void aFailingOrHangingPartIsNamedAndTheOthersStillChecked() {
        long started = System.nanoTime();
        Readiness.Report report = new Readiness(List.of(
                new Readiness.Part("database", () -> {
                    throw new SQLException("Connection refused");
                }),
                new Readiness.Part("slack", () -> Thread.sleep(60_000)),
                new Readiness.Part("workspace", () -> { })), Duration.ZERO, Clock.systemUTC()).check();
        assertFalse(report.ready());
        assertEquals("failing (SQLException: Connection refused)", report.parts().get("database"));
        assertEquals("failing (no answer within 3 s)", report.parts().get("slack"));
        assertEquals("ok", report.parts().get("workspace"));
        assertTrue(System.nanoTime() - started < Readiness.WITHIN.toNanos() * 2, "a hanging part does not hang the probe");
    }

    @Test
    void probesWithinTheKeptTimeShareOneCheckAndALaterOneChecksAgain() {
        AtomicInteger workspaceCalls = new AtomicInteger();
        MovableClock clock = new MovableClock();
        Readiness readiness = new Readiness(List.of(new Readiness.Part("workspace", workspaceCalls::incrementAndGet)),
                Duration.ofMinutes(1), clock);

        Readiness.Report first = readiness.check();
        readiness.check();
        clock.advance(Duration.ofSeconds(30));
        assertEquals(first, readiness.check());
        assertEquals(1, workspaceCalls.get(), "three probes within a minute, one call to the workspace");

        clock.advance(Duration.ofSeconds(30));
        readiness.check();
        assertEquals(2, workspaceCalls.get(), "a report a minute old is checked again");
    }
}
