package io.sparkadvisor.bot.store;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Date;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which jobs of a week's fleet scan are claimed or done, across replicas and restarts: a job is
 * analysed by the one replica whose insert won, and its outcome (a record of type {@code T}, kept
 * as JSON) is there for everyone after.
 */
public final class ScanLedger<T> {
    private static final String RUNNING = "running";
    private static final String DONE = "done";
    /** Outcomes leave empty lists out of their JSON (Savings.netOf): read back, they are empty again; fields added later are ignored by older replicas. */
    private static final ObjectMapper JSON = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    static {
        JSON.configOverride(List.class).setSetterInfo(JsonSetter.Value.forValueNulls(Nulls.AS_EMPTY));
    }

    private final Database db;
    private final Class<T> outcome;

    public ScanLedger(Database db, Class<T> outcome) {
        this.db = db;
        this.outcome = outcome;
    }

    /**
     * Claims the job for {@code holder}: true for one caller, false while another holds it or it is
     * done. A claim older than {@code stale} was left by a stopped replica and is taken over.
     */
    public boolean claim(LocalDate week, String jobId, String holder, Instant now, Duration stale) {
        Date day = Date.valueOf(week);
        try {
            return db.inTransaction(sql -> {
                sql.update("DELETE FROM fleet_scan_jobs WHERE week_start = ? AND job_id = ? AND state = ? AND claimed_at < ?",
                        day, jobId, RUNNING, now.minus(stale));
                return sql.update("INSERT INTO fleet_scan_jobs (week_start, job_id, state, holder, claimed_at) VALUES (?, ?, ?, ?, ?)",
                        day, jobId, RUNNING, holder, now) == 1;
            });
        } catch (StoreException e) {
            if (e.isDuplicateKey()) {
                return false;
            }
            throw e;
        }
    }

    /** Renews the claims {@code holder} still works on, so that they are not taken for a dead replica's. */
    public void renew(LocalDate week, String holder, Instant now) {
        db.inTransaction(sql -> sql.update("UPDATE fleet_scan_jobs SET claimed_at = ? WHERE week_start = ? AND holder = ? AND state = ?",
                now, Date.valueOf(week), holder, RUNNING));
    }

    /** Keeps the outcome of a claimed job; nothing when the claim was taken over meanwhile. */
    public void done(LocalDate week, String jobId, String holder, T outcome) {
        String json = write(outcome);
        db.inTransaction(sql -> sql.update("UPDATE fleet_scan_jobs SET state = ?, outcome_json = ? WHERE week_start = ? AND job_id = ?"
                + " AND holder = ? AND state = ?", DONE, json, Date.valueOf(week), jobId, holder, RUNNING));
    }

    /** Gives back a claim this replica will not finish (it is stopping), so the next scan takes the job at once. */
    public void release(LocalDate week, String jobId, String holder) {
        db.inTransaction(sql -> sql.update("DELETE FROM fleet_scan_jobs WHERE week_start = ? AND job_id = ? AND holder = ? AND state = ?",
                Date.valueOf(week), jobId, holder, RUNNING));
    }

    /** The ids of the week's done jobs: what a scan waiting on other replicas polls, without reading their outcomes. */
    public Set<String> done(LocalDate week) {
        Set<String> out = new HashSet<>();
        db.inTransaction(sql -> sql.query("SELECT job_id FROM fleet_scan_jobs WHERE week_start = ? AND state = ?",
                rs -> out.add(rs.getString("job_id")), Date.valueOf(week), DONE));
        return out;
    }

    /** The outcomes of the week's done jobs, by job id. */
    public Map<String, T> outcomes(LocalDate week) {
        Map<String, T> out = new LinkedHashMap<>();
        db.inTransaction(sql -> sql.query("SELECT job_id, outcome_json FROM fleet_scan_jobs WHERE week_start = ? AND state = ? ORDER BY job_id",
                rs -> out.put(rs.getString("job_id"), read(rs.getString("job_id"), rs.getString("outcome_json"))), Date.valueOf(week), DONE));
        return out;
    }

    private T read(String jobId, String json) {
        try {
            return JSON.readValue(json, outcome);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the fleet scan outcome of job " + jobId + " is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static String write(Object outcome) {
        try {
            return JSON.writeValueAsString(outcome);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a fleet scan outcome is a plain record", e);
        }
    }
}
