package io.sparkadvisor.bot.store;

import java.sql.Date;
import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** What a test sees of the fleet scan's claims and outcomes that {@link ScanLedger} keeps to itself. */
public final class ScanClaims {
    private ScanClaims() {}

    /** The week's jobs claimed and not done: what a replica killed now leaves behind. */
    public static Set<String> held(Database db, LocalDate week) {
        Set<String> out = new TreeSet<>();
        db.inTransaction(sql -> sql.query("SELECT job_id FROM fleet_scan_jobs WHERE week_start = ? AND state = 'running'",
                rs -> out.add(rs.getString("job_id")), Date.valueOf(week)));
        return out;
    }

    /** The week's outcomes as kept, JSON by job id: what a test checks without the codec in between. */
    public static Map<String, String> outcomes(Database db, LocalDate week) {
        Map<String, String> out = new TreeMap<>();
        db.inTransaction(sql -> sql.query("SELECT job_id, outcome_json FROM fleet_scan_jobs WHERE week_start = ? AND state = 'done'",
                rs -> out.put(rs.getString("job_id"), rs.getString("outcome_json")), Date.valueOf(week)));
        return out;
    }
}
