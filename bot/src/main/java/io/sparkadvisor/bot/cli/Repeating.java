package io.sparkadvisor.bot.cli;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A background pass of serve's, run every so often; one failed pass is logged and the next runs as planned. */
final class Repeating {
    private static final Logger LOG = LoggerFactory.getLogger(Repeating.class);

    private Repeating() {}

    static void every(ScheduledExecutorService scheduler, Duration every, String what, Runnable pass) {
        scheduler.scheduleWithFixedDelay(() -> {
            try {
                pass.run();
            } catch (RuntimeException e) { // an escaping exception would cancel the schedule for good
                LOG.warn("{} failed", what, e);
            }
        }, every.toSeconds(), every.toSeconds(), TimeUnit.SECONDS);
    }
}
