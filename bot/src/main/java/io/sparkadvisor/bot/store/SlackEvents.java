package io.sparkadvisor.bot.store;

import java.time.Clock;
import java.time.Duration;

/**
 * Which Slack deliveries were already taken, across replicas: the first replica to insert a key
 * takes the delivery, every later one sees a duplicate key. Two kinds share this shape:
 * <ul>
 * <li>{@linkplain #SlackEvents(Database, Clock) Events API deliveries} by event id. Slack resends an
 * event it saw no answer to (after about a minute, then five), possibly to another replica: the event
 * id, not the retry header, says whether it is new. A delivery that never got through comes back as
 * a retry and is answered; one some replica took is not answered twice.</li>
 * <li>{@linkplain #signedRequests() Signed requests} by signature and timestamp, or trigger
 * id: a replay of a request is refused by Bolt once its timestamp is five minutes old, and before
 * that it is dropped here.</li>
 * </ul>
 */
public final class SlackEvents {
    /** Slack gives up after three retries within about five minutes; an hour covers a slow one. */
    static final Duration EVENTS_KEPT = Duration.ofHours(1);
    /** Bolt refuses a timestamp five minutes off either way; five more cover clocks apart between replicas. */
    static final Duration REQUESTS_KEPT = Duration.ofMinutes(10);

    private final Database db;
    private final Clock clock;
    private final String table;
    private final Duration kept;

    /** Events API deliveries by event id. */
    public SlackEvents(Database db, Clock clock) {
        this(db, clock, "slack_events", EVENTS_KEPT);
    }

    /** Signed requests, in the same database, by a key of at most 64 characters (a hash of the signature, or of the trigger id). */
    public SlackEvents signedRequests() {
        return new SlackEvents(db, clock, "slack_requests", REQUESTS_KEPT);
    }

    private SlackEvents(Database db, Clock clock, String table, Duration kept) {
        this.db = db;
        this.clock = clock;
        this.table = table;
        this.kept = kept;
    }

    /** True the first time {@code key} is taken by any replica, false for every later delivery of it. */
    public boolean take(String key) {
        try {
            return db.inTransaction(sql -> {
                sql.update("DELETE FROM " + table + " WHERE received_at < ?", clock.instant().minus(kept));
                return sql.update("INSERT INTO " + table + " (event_id, received_at) VALUES (?, ?)", key, clock.instant()) == 1;
            });
        } catch (StoreException e) {
            if (e.isDuplicateKey()) {
                return false;
            }
            throw e;
        }
    }
}
