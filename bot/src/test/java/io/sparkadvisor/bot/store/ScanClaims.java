package io.sparkadvisor.bot.store;

import java.sql.Date;
import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** What a test sees of the fleet scan's executions (db-scheduler's table) and the outcomes {@link ScanLedger} keeps to itself. */
public final class ScanClaims {
    private ScanClaims() {}

    /**
     * The week's jobs a replica is analysing (picked, no outcome kept yet): what a replica killed now leaves behind. An
     * execution stays picked for a moment after its outcome is kept, until db-scheduler completes it; that job is done.
     */
    public static Set<String> held(Database db, LocalDate week) {
        Set<String> out = new TreeSet<>();
        db.inTransaction(sql -> sql.query("SELECT task_instance FROM fleet_scan_tasks WHERE task_instance LIKE ? AND picked",
                rs -> out.add(rs.getString("task_instance").substring(week.toString().length() + 1)), week + "/%"));
        out.removeAll(outcomes(db, week).keySet());
        return out;
    }

    /** The week's outcomes as kept, JSON by job id: what a test checks without the codec in between. */
    public static Map<String, String> outcomes(Database db, LocalDate week) {
        Map<String, String> out = new TreeMap<>();
        db.inTransaction(sql -> sql.query("SELECT job_id, outcome_json FROM fleet_scan_jobs WHERE week_start = ?",
                rs -> out.put(rs.getString("job_id"), rs.getString("outcome_json")), Date.valueOf(week)));
        return out;
    }
}
