package io.sparkadvisor.bot.digest;

import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import com.github.kagkarlsson.scheduler.testhelper.SettableClock;
import com.github.kagkarlsson.scheduler.testhelper.TestHelper;
import io.sparkadvisor.bot.store.Database;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

/** db-scheduler's own test scheduler on a bot database: due digests run when a test calls {@code runAnyDueExecutions()}. */
public final class DigestSchedulers {
    private DigestSchedulers() {}

    public static ManualScheduler manual(Database db, ScheduledDigests digests, Instant now) {
        SettableClock clock = new SettableClock();
        clock.set(now);
        ManualScheduler scheduler = (ManualScheduler) TestHelper.createManualScheduler(db.dataSource(), List.of(DigestScheduler.task(digests)))
                .clock(clock).serializer(DigestScheduler.SCHEDULE_TEXT).build();
        scheduler.start();
        return scheduler;
    }

    /** The scheduler's clock as a {@link Clock}, for the commands that schedule on it. */
    public static Clock clockOf(ManualScheduler scheduler) {
        return new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Instant instant() {
                return scheduler.getClock().now();
            }
        };
    }
}
