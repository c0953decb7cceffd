package io.sparkadvisor.bot.store;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Date;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The outcome of each job of a week's fleet scan (a record of type {@code T}, kept as JSON), across replicas
 * and restarts: the first outcome kept for a job is its outcome, which everyone reads after. Which replica
 * analyses a job is db-scheduler's business ({@code scan.FleetScan}), not the ledger's.
 */
public final class ScanLedger<T> {
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
     * Keeps the job's outcome: true when it is the first, false when one was kept already (an execution revived
     * after its replica seemed dead, while that replica finished after all).
     */
    public boolean record(LocalDate week, String jobId, T outcome) {
        String json = write(outcome);
        try {
            return db.inTransaction(sql -> sql.update("INSERT INTO fleet_scan_jobs (week_start, job_id, outcome_json) VALUES (?, ?, ?)",
                    Date.valueOf(week), jobId, json) == 1);
        } catch (StoreException e) {
            if (e.isDuplicateKey()) {
                return false;
            }
            throw e;
        }
    }

    /** The ids of the week's done jobs: what a scan waiting on other replicas polls, without reading their outcomes. */
    public Set<String> done(LocalDate week) {
        Set<String> out = new HashSet<>();
        db.inTransaction(sql -> sql.query("SELECT job_id FROM fleet_scan_jobs WHERE week_start = ?",
                rs -> out.add(rs.getString("job_id")), Date.valueOf(week)));
        return out;
    }

    /** The outcomes of the week's done jobs, by job id. */
    public Map<String, T> outcomes(LocalDate week) {
        Map<String, T> out = new LinkedHashMap<>();
        db.inTransaction(sql -> sql.query("SELECT job_id, outcome_json FROM fleet_scan_jobs WHERE week_start = ? ORDER BY job_id",
                rs -> out.put(rs.getString("job_id"), read(rs.getString("job_id"), rs.getString("outcome_json"))), Date.valueOf(week)));
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
