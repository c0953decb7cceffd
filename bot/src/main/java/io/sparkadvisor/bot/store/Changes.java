package io.sparkadvisor.bot.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The steps' changes, moved only by {@link Transition}s as conditional updates: a transition
 * happens only from a state it expects, so of two approvers, a double click or a retried request,
 * exactly one wins, on one database shared by any number of replicas. Each transition and its
 * audit line are written in one transaction. State names are parameters, never SQL text.
 */
public final class Changes {
    private final Database db;

    public Changes(Database db) {
        this.db = db;
    }

    /**
     * Makes transition {@code t}, recorded as {@code why}; false when the step was not in one of its from-states. A
     * confirmed restart of a continuous job keeps when it happened (the step is judged on runs started since), and a
     * step back to waiting for one forgets it.
     */
    public boolean move(Transition t, AuditEntry why) {
        return switch (t) {
            case RESTART, RESTART_RESTORED -> moveSetting(t, why, ", restarted_at = ?", List.of(why.at()), "");
            case AWAIT_RESTART, AWAIT_RESTORE_RESTART -> moveSetting(t, why, ", restarted_at = NULL, restarted_from_run_id = NULL",
                    List.of(), "");
            default -> moveSetting(t, why, "", List.of(), "");
        };
    }

    /** The run a confirmed restart cancelled: the window before the restart is read from it. */
    public void restartedFrom(String recommendationId, int step, long cancelledRunId) {
        db.inTransaction(sql -> sql.update("UPDATE changes SET restarted_from_run_id = ? WHERE recommendation_id = ? AND step = ?",
                cancelledRunId, recommendationId, step));
    }

    /**
     * The approver's claim on a step, which holds only while every earlier step of the same
     * recommendation is verified: step 2 builds on what step 1 proved.
     */
    public boolean approve(AuditEntry why) {
        return moveSetting(Transition.APPROVE, why, "", List.of(), " AND NOT EXISTS (SELECT 1 FROM changes e WHERE"
                + " e.recommendation_id = ? AND e.step < ? AND e.state <> ?)", why.recommendationId(), why.step(),
                ChangeState.VERIFIED.id());
    }

    /**
     * The change is about to be sent: keeps the keys it touches with their values before and after,
     * and the fingerprints of the settings before and after ({@code stepKeys}, a StepDelta's JSON:
     * what a roll back puts back), never the whole settings, so whoever settles it later can tell
     * whether it reached the job.
     */
    public boolean sending(String stepKeys, String expectedFingerprint, AuditEntry why) {
        return moveSetting(Transition.SEND, why, ", step_keys = ?, fingerprint_after = ?", List.of(stepKeys, expectedFingerprint), "");
    }

    /** The job was read back holding the change: {@code fingerprintAfter} is that of what it now holds (guarding a roll back). */
    public boolean applied(String fingerprintAfter, AuditEntry why) {
        return moveSetting(Transition.APPLY, why, ", applied_at = ?, fingerprint_after = ?", List.of(why.at(), fingerprintAfter), "");
    }

    /**
     * Records the verdict on an applied step from run {@code runId} ({@link Transition#VERIFY},
     * {@link Transition#FAIL_CHECKS} or {@link Transition#JOB_GONE}), keeping {@code why}'s detail as
     * the step's measured effect; false when another replica already did.
     */
    public boolean followedUp(Transition t, long runId, AuditEntry why) {
        return moveSetting(t, why, ", followed_up_run_id = ?, verdict = ?, passed = ?", List.of(runId, why.detail(), t == Transition.VERIFY),
                " AND followed_up_run_id IS NULL");
    }

    private boolean moveSetting(Transition t, AuditEntry why, String sets, List<Object> setArgs, String condition, Object... conditionArgs) {
        if (why.action() != t.action()) {
            throw new IllegalArgumentException(t + " records " + t.action() + ", not " + why.action());
        }
        String decider = t.decides() ? ", decided_by = ?, decided_at = ?" : "";
        List<Object> args = new ArrayList<>(List.of(t.to().id(), why.at()));
        if (t.decides()) {
            args.addAll(List.of(why.actor(), why.at()));
        }
        args.addAll(setArgs);
        args.addAll(List.of(why.recommendationId(), why.step()));
        t.from().forEach(s -> args.add(s.id()));
        args.addAll(List.of(conditionArgs));
        String sql = "UPDATE changes SET state = ?, state_since = ?" + decider + sets + " WHERE recommendation_id = ? AND step = ?"
                + " AND state IN (" + String.join(", ", Collections.nCopies(t.from().size(), "?")) + ")" + condition;
        return db.inTransaction(statements -> {
            boolean moved = statements.update(sql, args.toArray()) == 1;
            if (moved) {
                append(statements, why);
            }
            return moved;
        });
    }

    /** Steps in {@code state} since before {@code cutoff}, oldest first: claims or applies a stopped bot may have left. */
    public List<ChangeRecord> inStateBefore(ChangeState state, Instant cutoff) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM changes WHERE state = ? AND state_since < ? ORDER BY state_since",
                Changes::record, state.id(), cutoff));
    }

    public Optional<ChangeRecord> find(String recommendationId, int step) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM changes WHERE recommendation_id = ? AND step = ?",
                Changes::record, recommendationId, step).stream().findFirst());
    }

    /**
     * Applied steps whose next run has not been judged yet, from the database so none is lost to a restart; not those a
     * continuous job's restart put in effect ({@link #awaitingWindow}), whose runs do not complete.
     */
    public List<ChangeRecord> awaitingFollowUp() {
        return db.inTransaction(sql -> sql.query("SELECT * FROM changes WHERE state = ? AND followed_up_run_id IS NULL"
                + " AND restarted_at IS NULL ORDER BY applied_at", Changes::record, ChangeState.APPLIED.id()));
    }

    /** Steps a continuous job's confirmed restart put in effect, not judged yet: judged on a window of the new run's batches. */
    public List<RestartedStep> awaitingWindow() {
        return db.inTransaction(sql -> sql.query("SELECT * FROM changes WHERE state = ? AND followed_up_run_id IS NULL"
                + " AND restarted_at IS NOT NULL ORDER BY restarted_at", rs -> new RestartedStep(record(rs),
                Statements.instant(rs, "restarted_at"), rs.getLong("restarted_from_run_id")), ChangeState.APPLIED.id()));
    }

    private static ChangeRecord record(ResultSet rs) throws SQLException {
        long judged = rs.getLong("followed_up_run_id");
        Long followedUp = rs.wasNull() ? null : judged; // asked right after its read: wasNull answers for the last column read
        return new ChangeRecord(rs.getString("recommendation_id"), rs.getInt("step"), ChangeState.of(rs.getString("state")),
                Statements.instant(rs, "state_since"), rs.getString("decided_by"), Statements.instant(rs, "decided_at"),
                Statements.instant(rs, "applied_at"), rs.getString("step_keys"), rs.getString("fingerprint_after"),
                followedUp, rs.getBoolean("passed"));
    }

    /** The decided steps of a job's recommendations with their verdicts, oldest decision first. */
    public List<ChangeHistory> history(long jobId) {
        return db.inTransaction(sql -> sql.query("SELECT c.recommendation_id, r.rule_id, r.run_id, c.step, c.state, c.decided_by,"
                + " c.decided_at, c.verdict FROM changes c JOIN recommendations r ON r.id = c.recommendation_id WHERE r.job_id = ?"
                + " AND c.state <> ? ORDER BY c.decided_at, c.recommendation_id, c.step",
                rs -> new ChangeHistory(rs.getString("recommendation_id"), rs.getString("rule_id"), rs.getLong("run_id"),
                        rs.getInt("step"), ChangeState.of(rs.getString("state")), rs.getString("decided_by"),
                        Statements.instant(rs, "decided_at"), rs.getString("verdict")), jobId, ChangeState.PROPOSED.id()));
    }

    /** Steps proposed and not decided yet, newest first; {@code at} is when the recommendation was posted. */
    public List<StepSummary> pending() {
        return steps("c.state = ?", "r.created_at", "r.created_at DESC", ChangeState.PROPOSED.id());
    }

    /** Steps whose follow-up verified them, applied at or after {@code since}; {@code at} is when they were applied. */
    public List<StepSummary> verifiedSince(Instant since) {
        return steps("c.state = ? AND c.applied_at >= ?", "c.applied_at", "c.applied_at", ChangeState.VERIFIED.id(), since);
    }

    private List<StepSummary> steps(String where, String at, String order, Object... args) {
        return db.inTransaction(sql -> sql.query("SELECT c.recommendation_id, r.rule_id, r.job_id, r.run_id, c.step, " + at + " AS at"
                + " FROM changes c JOIN recommendations r ON r.id = c.recommendation_id WHERE " + where + " ORDER BY " + order
                + ", c.recommendation_id, c.step", rs -> new StepSummary(rs.getString("recommendation_id"), rs.getString("rule_id"),
                rs.getLong("job_id"), rs.getLong("run_id"), rs.getInt("step"), Statements.instant(rs, "at")), args));
    }

    /** Who changed this job and why, oldest first. */
    public List<AuditEntry> audit(long jobId) {
        return db.inTransaction(sql -> sql.query("SELECT * FROM audit WHERE job_id = ? ORDER BY happened_at, id",
                rs -> new AuditEntry(Statements.instant(rs, "happened_at"), rs.getString("actor"), rs.getString("principal"), rs.getLong("job_id"),
                        rs.getString("recommendation_id"), rs.getInt("step"), AuditAction.of(rs.getString("action")),
                        rs.getString("detail")), jobId));
    }

    /** One audit line, inside the caller's transaction. */
    static void append(Statements sql, AuditEntry e) throws SQLException {
        sql.update("INSERT INTO audit (happened_at, actor, principal, job_id, recommendation_id, step, action, detail)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", e.at(), e.actor(), e.principal(), e.jobId(), e.recommendationId(), e.step(),
                e.action().id(), e.detail());
    }
}
