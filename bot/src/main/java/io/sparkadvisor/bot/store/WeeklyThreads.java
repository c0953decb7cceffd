package io.sparkadvisor.bot.store;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A thread a channel gets once a week per key, claimed before it is posted: a retry of the digest after a failure
 * claims it again while it is not out, never once it is. The digest's tables of such threads differ only in their key
 * columns (each starting with the channel and the week) and in what they note once the thread is out.
 */
final class WeeklyThreads {
    private final Database db;
    private final String table;
    private final List<String> key;
    private final String keyMatch;

    /** {@code table} and {@code key} are this package's own names, never input. */
    WeeklyThreads(Database db, String table, List<String> key) {
        this.db = db;
        this.table = table;
        this.key = List.copyOf(key);
        this.keyMatch = key.stream().map(c -> c + " = ?").collect(Collectors.joining(" AND "));
    }

    /** True the first time, and again while its thread is not out; false once it is posted (or another claimed it). */
    boolean claim(List<Object> keyValues, BigDecimal perWeek, Instant now) {
        Object[] match = keyValues.toArray();
        Optional<Boolean> out = db.inTransaction(sql -> sql.query("SELECT thread_ts FROM " + table + " WHERE " + keyMatch,
                rs -> rs.getString("thread_ts") != null, match).stream().findFirst());
        if (out.isPresent()) {
            return !out.get();
        }
        List<Object> row = new ArrayList<>(keyValues);
        row.add(perWeek);
        row.add(now);
        String columns = String.join(", ", key) + ", per_week, posted_at";
        String values = String.join(", ", Collections.nCopies(row.size(), "?"));
        try {
            return db.inTransaction(sql -> sql.update("INSERT INTO " + table + " (" + columns + ") VALUES (" + values + ")",
                    row.toArray()) == 1);
        } catch (StoreException e) {
            if (e.isDuplicateKey()) {
                return false;
            }
            throw e;
        }
    }

    /** The thread is out: {@code noted} are the columns (this package's names) and values to keep with it. */
    void posted(List<Object> keyValues, Map<String, Object> noted) {
        List<Object> args = new ArrayList<>(noted.values());
        args.addAll(keyValues);
        String set = noted.keySet().stream().map(c -> c + " = ?").collect(Collectors.joining(", "));
        db.inTransaction(sql -> sql.update("UPDATE " + table + " SET " + set + " WHERE " + keyMatch, args.toArray()));
    }
}
