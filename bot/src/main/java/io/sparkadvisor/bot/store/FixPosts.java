package io.sparkadvisor.bot.store;

import java.math.BigDecimal;
import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;

/** The fixes the digest posted per channel, and what became of their steps: the memory behind its noise controls. */
public final class FixPosts {
    private final Database db;

    public FixPosts(Database db) {
        this.db = db;
    }

    /** A fix posted in an earlier week: its dollars per week then, and whether anyone approved or rejected a step of it. */
    public record Earlier(BigDecimal perWeek, boolean actedOn) {}

    /**
     * Claims the week's fix for the channel: true the first time, and again while its thread is not
     * out (a retry after a failure); false once it is posted.
     */
    public boolean claim(String channel, LocalDate week, String jobId, String rule, BigDecimal perWeek, Instant now) {
        Date day = Date.valueOf(week);
        Optional<Boolean> out = db.inTransaction(sql -> sql.query("SELECT thread_ts FROM fix_posts WHERE channel = ? AND week_start = ?"
                + " AND job_id = ? AND rule_id = ?", rs -> rs.getString("thread_ts") != null, channel, day, jobId, rule).stream().findFirst());
        if (out.isPresent()) {
            return !out.get();
        }
        try {
            return db.inTransaction(sql -> sql.update("INSERT INTO fix_posts (channel, week_start, job_id, rule_id, per_week, posted_at)"
                    + " VALUES (?, ?, ?, ?, ?, ?)", channel, day, jobId, rule, perWeek, now) == 1);
        } catch (StoreException e) {
            if (e.isDuplicateKey()) {
                return false;
            }
            throw e;
        }
    }

    /** The fix's thread is out, with the recommendation its Approve button carries (null when it has none). */
    public void posted(String channel, LocalDate week, String jobId, String rule, String threadTs, String recommendationId) {
        db.inTransaction(sql -> sql.update("UPDATE fix_posts SET thread_ts = ?, recommendation_id = ? WHERE channel = ? AND week_start = ?"
                + " AND job_id = ? AND rule_id = ?", threadTs, recommendationId, channel, Date.valueOf(week), jobId, rule));
    }

    /** The latest post of the job's fix in the channel before {@code week}. */
    public Optional<Earlier> before(String channel, LocalDate week, String jobId, String rule) {
        return db.inTransaction(sql -> sql.query("SELECT p.per_week, (SELECT COUNT(*) FROM changes c WHERE c.recommendation_id ="
                + " p.recommendation_id AND c.state <> 'proposed') AS decided FROM fix_posts p WHERE p.channel = ? AND p.job_id = ?"
                + " AND p.rule_id = ? AND p.week_start < ? AND p.thread_ts IS NOT NULL ORDER BY p.week_start DESC",
                rs -> new Earlier(rs.getBigDecimal("per_week"), rs.getLong("decided") > 0), channel, jobId, rule, Date.valueOf(week))
                .stream().findFirst());
    }

    /** Whether someone rejected step {@code step} of the rule's recommendation for the job at or after {@code since}. */
    public boolean rejectedSince(long jobId, String rule, int step, Instant since) {
        return db.inTransaction(sql -> !sql.query("SELECT 1 FROM changes c JOIN recommendations r ON r.id = c.recommendation_id"
                + " WHERE r.job_id = ? AND r.rule_id = ? AND c.step = ? AND c.state = 'rejected' AND c.decided_at >= ?", rs -> 1,
                jobId, rule, step, since).isEmpty());
    }
}
