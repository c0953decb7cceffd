package io.sparkadvisor.bot.store;

import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * The on-demand fleet scans each channel had today (UTC), across replicas: a scan is a slot of its
 * channel's day, taken by an insert that one replica wins.
 */
public final class ScanRequests {
    private final Database db;

    public ScanRequests(Database db) {
        this.db = db;
    }

    /** Takes one of the channel's {@code perDay} scans of {@code now}'s UTC day for {@code user}: false when all are taken. */
    public boolean take(String channel, String user, int perDay, Instant now) {
        Date day = Date.valueOf(dayOf(now));
        int used = db.inTransaction(sql -> {
            sql.update("DELETE FROM scan_requests WHERE scan_day < ?", day);
            return sql.query("SELECT COUNT(*) FROM scan_requests WHERE channel = ? AND scan_day = ?", rs -> rs.getInt(1), channel, day).get(0);
        });
        for (int slot = used + 1; slot <= perDay; slot++) {
            if (insert(channel, day, slot, user, now)) {
                return true;
            }
        }
        return false;
    }

    /** When the day whose scans {@link #take} counts at {@code now} is over. */
    public static Instant nextDay(Instant now) {
        return dayOf(now).plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    private static LocalDate dayOf(Instant now) {
        return now.atZone(ZoneOffset.UTC).toLocalDate();
    }

    /** False when another request, on any replica, took the slot first. */
    private boolean insert(String channel, Date day, int slot, String user, Instant now) {
        try {
            return db.inTransaction(sql -> sql.update("INSERT INTO scan_requests (channel, scan_day, slot, requested_by, requested_at)"
                    + " VALUES (?, ?, ?, ?, ?)", channel, day, slot, user, now) == 1);
        } catch (StoreException e) {
            if (e.isDuplicateKey()) {
                return false;
            }
            throw e;
        }
    }
}
