package io.sparkadvisor.bot.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The state machine of each step's change, kept by conditional updates: a transition happens only
 * from the state it expects, so of two approvers, a double click or a retried request, exactly one
 * wins, on one database shared by any number of replicas. Each transition and its audit line are
 * written in one transaction.
 */
public final class Changes {
    private final Database db;

    public Changes(Database db) {
        this.db = db;
    }

    /** Moves the step from {@code from} to {@code to}, recording who did it; false when it was not in {@code from}. */
    public boolean move(ChangeState from, ChangeState to, AuditEntry why) {
        return db.inTransaction(sql -> {
            boolean moved = sql.update("UPDATE changes SET state = ?, decided_by = ?, decided_at = ? WHERE recommendation_id = ?"
                    + " AND step = ? AND state = ?", to.id(), why.actor(), why.at(), why.recommendationId(), why.step(),
                    from.id()) == 1;
            if (moved) {
                append(sql, why);
            }
            return moved;
        });
    }

    /** An approved step was applied: the settings before (to roll back to) and after (whose fingerprint guards that). */
    public boolean applied(String settingsBefore, String settingsAfter, String fingerprintAfter, AuditEntry why) {
        return db.inTransaction(sql -> {
            boolean moved = sql.update("UPDATE changes SET state = 'applied', applied_at = ?, settings_before = ?,"
                    + " settings_after = ?, fingerprint_after = ? WHERE recommendation_id = ? AND step = ? AND state = 'approved'",
                    why.at(), settingsBefore, settingsAfter, fingerprintAfter, why.recommendationId(), why.step()) == 1;
            if (moved) {
                append(sql, why);
            }
            return moved;
        });
    }

    /**
     * Keeps the settings an approved step starts from, before its change is sent: if the bot stops
     * in between, they tell whether the change reached the job and what a roll back restores.
     */
    public boolean prepared(String recommendationId, int step, String settingsBefore) {
        return db.inTransaction(sql -> sql.update("UPDATE changes SET settings_before = ? WHERE recommendation_id = ? AND step = ?"
                + " AND state = 'approved'", settingsBefore, recommendationId, step) == 1);
    }

    /** Steps approved before {@code cutoff} and still not applied: their apply was cut short. */
    public List<ChangeRecord> approvedBefore(Instant cutoff) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM changes WHERE state = 'approved' AND decided_at < ? ORDER BY decided_at",
                Changes::record, cutoff));
    }

    public Optional<ChangeRecord> find(String recommendationId, int step) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM changes WHERE recommendation_id = ? AND step = ?",
                Changes::record, recommendationId, step).stream().findFirst());
    }

    /** Applied steps whose next run has not been judged yet, from the database so none is lost to a restart. */
    public List<ChangeRecord> awaitingFollowUp() {
        return db.inTransaction(sql -> sql.query("SELECT * FROM changes WHERE state = 'applied' AND followed_up_run_id IS NULL"
                + " ORDER BY applied_at", Changes::record));
    }

    /**
     * Records the verdict on an applied step from run {@code runId}, moving it to {@code to} (verified,
     * or applied again when it failed and waits for a roll back) and keeping the verdict, {@code why}'s
     * detail, as the step's measured effect; false when another replica already did.
     */
    public boolean followedUp(long runId, ChangeState to, AuditEntry why) {
        return db.inTransaction(sql -> {
            boolean moved = sql.update("UPDATE changes SET state = ?, followed_up_run_id = ?, verdict = ? WHERE"
                    + " recommendation_id = ? AND step = ? AND state = 'applied' AND followed_up_run_id IS NULL", to.id(), runId, why.detail(),
                    why.recommendationId(), why.step()) == 1;
            if (moved) {
                append(sql, why);
            }
            return moved;
        });
    }

    private static ChangeRecord record(ResultSet rs) throws SQLException {
        return new ChangeRecord(rs.getString("recommendation_id"), rs.getInt("step"), ChangeState.of(rs.getString("state")),
                rs.getString("decided_by"), Statements.instant(rs, "decided_at"), Statements.instant(rs, "applied_at"),
                rs.getString("settings_before"), rs.getString("settings_after"), rs.getString("fingerprint_after"));
    }

    /** The decided steps of a job's recommendations with their verdicts, oldest decision first. */
    public List<ChangeHistory> history(long jobId) {
        return db.inTransaction(sql -> sql.query("SELECT c.recommendation_id, r.rule_id, r.run_id, c.step, c.state, c.decided_by,"
                + " c.decided_at, c.verdict FROM changes c JOIN recommendations r ON r.id = c.recommendation_id WHERE r.job_id = ?"
                + " AND c.state <> 'proposed' ORDER BY c.decided_at, c.recommendation_id, c.step",
                rs -> new ChangeHistory(rs.getString("recommendation_id"), rs.getString("rule_id"), rs.getLong("run_id"),
                        rs.getInt("step"), ChangeState.of(rs.getString("state")), rs.getString("decided_by"),
                        Statements.instant(rs, "decided_at"), rs.getString("verdict")), jobId));
    }

    /** Steps proposed and not decided yet, newest first; {@code at} is when the recommendation was posted. */
    public List<StepSummary> pending() {
        return steps("c.state = 'proposed'", "r.created_at", "r.created_at DESC", null);
    }

    /** Steps whose follow-up verified them, applied at or after {@code since}; {@code at} is when they were applied. */
    public List<StepSummary> verifiedSince(Instant since) {
        return steps("c.state = 'verified' AND c.applied_at >= ?", "c.applied_at", "c.applied_at", since);
    }

    private List<StepSummary> steps(String where, String at, String order, Instant since) {
        Object[] args = since == null ? new Object[0] : new Object[] {since};
        return db.inTransaction(sql -> sql.query("SELECT c.recommendation_id, r.rule_id, r.job_id, r.run_id, c.step, " + at + " AS at"
                + " FROM changes c JOIN recommendations r ON r.id = c.recommendation_id WHERE " + where + " ORDER BY " + order
                + ", c.recommendation_id, c.step", rs -> new StepSummary(rs.getString("recommendation_id"), rs.getString("rule_id"),
                rs.getLong("job_id"), rs.getLong("run_id"), rs.getInt("step"), Statements.instant(rs, "at")), args));
    }

    /** Something worth keeping that changes no state (an apply the workspace refused). */
    public void note(AuditEntry why) {
        db.inTransaction(sql -> {
            append(sql, why);
            return null;
        });
    }

    /** Who changed this job and why, oldest first. */
    public List<AuditEntry> audit(long jobId) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM audit WHERE job_id = ? ORDER BY happened_at, id",
                rs -> new AuditEntry(Statements.instant(rs, "happened_at"), rs.getString("actor"), rs.getLong("job_id"),
                        rs.getString("recommendation_id"), rs.getInt("step"), rs.getString("action"), rs.getString("detail")),
                jobId));
    }

    private static void append(Statements sql, AuditEntry e) throws SQLException {
        sql.update("INSERT INTO audit (happened_at, actor, job_id, recommendation_id, step, action, detail)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?)", e.at(), e.actor(), e.jobId(), e.recommendationId(), e.step(), e.action(), e.detail());
    }
}
