package io.sparkadvisor.bot.store;

import java.time.Clock;
import java.time.Duration;

/**
 * Which Events API deliveries were already taken, across replicas. Slack resends an event it saw no
 * answer to (after about a minute, then five), possibly to another replica: the event id, not the
 * retry header, says whether it is new. A delivery that never got through comes back as a retry
 * and is answered; one some replica took is not answered twice.
 */
public final class SlackEvents {
    /** Slack gives up after three retries within about five minutes; an hour covers a slow one. */
    static final Duration KEPT = Duration.ofHours(1);

    private final Database db;
    private final Clock clock;

    public SlackEvents(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** True the first time {@code eventId} is taken by any replica, false for every later delivery of it. */
    public boolean take(String eventId) {
        try {
            return db.inTransaction(sql -> {
                sql.update("DELETE FROM slack_events WHERE received_at < ?", clock.instant().minus(KEPT));
                return sql.update("INSERT INTO slack_events (event_id, received_at) VALUES (?, ?)", eventId, clock.instant()) == 1;
            });
        } catch (StoreException e) {
            if (e.isDuplicateKey()) {
                return false;
            }
            throw e;
        }
    }
}
