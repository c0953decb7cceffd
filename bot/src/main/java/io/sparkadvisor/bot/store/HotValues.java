package io.sparkadvisor.bot.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The "Find the hot value" lookups of posted skew findings: offered with the finding, claimed once per run of the
 * statement (whatever the clicks or replicas), and the value found kept for the follow-up to look at again: as its
 * keyed hash ({@link KeyedHash}), never in clear, since it is a value of someone's table.
 */
public final class HotValues {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Database db;
    private final KeyedHash hash;

    public HotValues(Database db, KeyedHash hash) {
        this.db = db;
        this.hash = hash;
    }

    /** A lookup as stored; {@code valueHash}, {@code valueType} and {@code share} are set once found. */
    public record Lookup(String id, long runId, Long jobId, String channel, String threadTs, String requester, String evidenceJson,
            String state, String startedBy, String valueHash, String valueType, Double share) {
        public boolean found() {
            return state.equals("found");
        }

        /** The finding's evidence as it was posted. */
        public Map<String, Object> evidence() {
            try {
                return JSON.readValue(evidenceJson, new TypeReference<Map<String, Object>>() {});
            } catch (JsonProcessingException e) {
                throw new StoreException(new SQLException("evidence of hot-value lookup " + id + " is not JSON", e));
            }
        }
    }

    /** Offers the lookup of a posted finding; offering the same post again changes nothing. */
    public void offered(String id, long runId, Long jobId, String channel, String threadTs, String requester, String evidenceJson) {
        try {
            db.inTransaction(sql -> sql.update("INSERT INTO hot_values (id, run_id, job_id, channel, thread_ts, requester, evidence_json,"
                    + " state) VALUES (?, ?, ?, ?, ?, ?, ?, 'offered')", id, runId, jobId, channel, threadTs, requester, evidenceJson));
        } catch (StoreException e) {
            if (!e.isDuplicateKey()) {
                throw e;
            }
        }
    }

    public Optional<Lookup> find(String id) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM hot_values WHERE id = ?", HotValues::lookup, id).stream().findFirst());
    }

    /**
     * Claims the lookup for one run of its statement: true for exactly one caller while it is offered, failed, or
     * running since before {@code staleBefore} (its bot stopped mid-run).
     */
    public boolean start(String id, String user, Instant now, Instant staleBefore) {
        return db.inTransaction(sql -> sql.update("UPDATE hot_values SET state = 'running', started_by = ?, started_at = ? WHERE id = ?"
                + " AND (state IN ('offered', 'failed') OR (state = 'running' AND started_at < ?))", user, now, id, staleBefore)) == 1;
    }

    /** Keeps the hash of {@code value} (null for SQL NULL), not the value. */
    public void found(String id, String value, String valueType, double share) {
        db.inTransaction(sql -> sql.update("UPDATE hot_values SET state = 'found', hot_value_hash = ?, value_type = ?, share = ?"
                + " WHERE id = ?", hash.of(value), valueType, share, id));
    }

    /** Whether {@code value} is the one the lookup found. */
    public boolean isFoundValue(Lookup lookup, String value) {
        return hash.matches(value, lookup.valueHash());
    }

    /** The run ended without a value: it may be started again. */
    public void failed(String id) {
        db.inTransaction(sql -> sql.update("UPDATE hot_values SET state = 'failed' WHERE id = ? AND state = 'running'", id));
    }

    private static Lookup lookup(ResultSet rs) throws SQLException {
        long job = rs.getLong("job_id");
        Long jobId = rs.wasNull() ? null : job;
        double share = rs.getDouble("share");
        Double found = rs.wasNull() ? null : share;
        return new Lookup(rs.getString("id"), rs.getLong("run_id"), jobId, rs.getString("channel"), rs.getString("thread_ts"),
                rs.getString("requester"), rs.getString("evidence_json"), rs.getString("state"), rs.getString("started_by"),
                rs.getString("hot_value_hash"), rs.getString("value_type"), found);
    }
}
