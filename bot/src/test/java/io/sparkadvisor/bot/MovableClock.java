package io.sparkadvisor.bot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** The system clock, moved forward as far as a test says: waits of minutes or hours pass at once. */
public final class MovableClock extends Clock {
    private final AtomicReference<Duration> ahead = new AtomicReference<>(Duration.ZERO);

    public void advance(Duration by) {
        ahead.accumulateAndGet(by, Duration::plus);
    }

    /** How far ahead of the system clock this one is: what another process needs to keep the same time. */
    public Duration ahead() {
        return ahead.get();
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(ahead.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the bot keeps time in UTC");
    }
}
