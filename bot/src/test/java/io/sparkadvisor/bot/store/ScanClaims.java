package io.sparkadvisor.bot.store;

import java.sql.Date;
import java.time.LocalDate;
import java.util.Set;
import java.util.TreeSet;

/** What a test sees of the fleet scan's claims that {@link ScanLedger} keeps to itself. */
public final class ScanClaims {
    private ScanClaims() {}

    /** The week's jobs claimed and not done: what a replica killed now leaves behind. */
    public static Set<String> held(Database db, LocalDate week) {
        Set<String> out = new TreeSet<>();
        db.inTransaction(sql -> sql.query("SELECT job_id FROM fleet_scan_jobs WHERE week_start = ? AND state = 'running'",
                rs -> out.add(rs.getString("job_id")), Date.valueOf(week)));
        return out;
    }
}
