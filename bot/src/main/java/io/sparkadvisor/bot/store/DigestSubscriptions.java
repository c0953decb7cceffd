package io.sparkadvisor.bot.store;

import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.Optional;

/** The channels subscribed to the weekly digest, and which week each was last sent. */
public final class DigestSubscriptions {
    private final Database db;

    public DigestSubscriptions(Database db) {
        this.db = db;
    }

    /** Subscribes the channel, or changes its schedule and noise controls; the weeks already sent stay recorded. */
    public void subscribe(Subscription s) {
        db.inTransaction(sql -> {
            int changed = sql.update("UPDATE digest_subscriptions SET schedule = ?, min_weekly_cost = ?, only_on_increase = ?,"
                    + " subscribed_by = ?, subscribed_at = ? WHERE channel = ?", s.schedule(), s.minWeeklyCost(), s.onlyOnIncrease(),
                    s.subscribedBy(), s.subscribedAt(), s.channel());
            if (changed == 0) {
                sql.update("INSERT INTO digest_subscriptions (channel, schedule, min_weekly_cost, only_on_increase, subscribed_by,"
                        + " subscribed_at) VALUES (?, ?, ?, ?, ?, ?)", s.channel(), s.schedule(), s.minWeeklyCost(), s.onlyOnIncrease(),
                        s.subscribedBy(), s.subscribedAt());
            }
            return null;
        });
    }

    /** False when the channel was not subscribed. */
    public boolean unsubscribe(String channel) {
        return db.inTransaction(sql -> sql.update("DELETE FROM digest_subscriptions WHERE channel = ?", channel) == 1);
    }

    public Optional<Subscription> find(String channel) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM digest_subscriptions WHERE channel = ?",
                DigestSubscriptions::subscription, channel).stream().findFirst());
    }

    /**
     * Claims the week starting {@code weekStart} for the channel: true for exactly one caller, however
     * many replicas try, and false for a week already sent (or an older one).
     */
    public boolean claimWeek(String channel, LocalDate weekStart) {
        Date week = Date.valueOf(weekStart);
        return db.inTransaction(sql -> sql.update("UPDATE digest_subscriptions SET last_week = ? WHERE channel = ?"
                + " AND (last_week IS NULL OR last_week < ?)", week, channel, week) == 1);
    }

    /** Gives back a week claimed by {@link #claimWeek} whose digest could not be posted, so its retry posts it. */
    public void releaseWeek(String channel, LocalDate weekStart, LocalDate previous) {
        db.inTransaction(sql -> sql.update("UPDATE digest_subscriptions SET last_week = ? WHERE channel = ? AND last_week = ?",
                previous == null ? null : Date.valueOf(previous), channel, Date.valueOf(weekStart)));
    }

    /** Where the posting of {@code weekStart}'s digest stopped when its parent went out and a later message did not. */
    public Optional<Reached> unfinished(String channel, LocalDate weekStart) {
        return db.inTransaction(sql -> sql.query("SELECT thread_ts, messages_posted FROM digest_subscriptions WHERE channel = ?"
                + " AND last_week = ? AND thread_ts IS NOT NULL", rs -> new Reached(rs.getString("thread_ts"), rs.getInt("messages_posted")),
                channel, Date.valueOf(weekStart)).stream().findFirst());
    }

    /** Records how far the claimed week's digest got, after each message. */
    public void reached(String channel, LocalDate weekStart, Reached reached) {
        db.inTransaction(sql -> sql.update("UPDATE digest_subscriptions SET thread_ts = ?, messages_posted = ? WHERE channel = ? AND last_week = ?",
                reached.threadTs(), reached.messages(), channel, Date.valueOf(weekStart)));
    }

    /** The claimed week's digest is out whole. */
    public void finished(String channel, LocalDate weekStart) {
        reached(channel, weekStart, new Reached(null, 0));
    }

    private static Subscription subscription(ResultSet rs) throws SQLException {
        Date lastWeek = rs.getDate("last_week");
        return new Subscription(rs.getString("channel"), rs.getString("schedule"), rs.getBigDecimal("min_weekly_cost"),
                rs.getObject("only_on_increase", Boolean.class), rs.getString("subscribed_by"), Statements.instant(rs, "subscribed_at"),
                lastWeek == null ? null : lastWeek.toLocalDate());
    }
}
