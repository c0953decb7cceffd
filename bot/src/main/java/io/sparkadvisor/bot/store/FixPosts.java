package io.sparkadvisor.bot.store;

import java.math.BigDecimal;
import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;

/**
 * The fixes the digest posted per channel, and what became of their steps: the memory behind its noise controls. Its
 * threads per costlier job are claimed here too, under a rule id no rule has.
 */
public final class FixPosts {
    private final Database db;

    public FixPosts(Database db) {
        this.db = db;
    }

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

    /** The dollars a week of the job's fix when the channel last got it, before {@code week}. */
    public Optional<BigDecimal> before(String channel, LocalDate week, String jobId, String rule) {
        return db.inTransaction(sql -> sql.query("SELECT per_week FROM fix_posts WHERE channel = ? AND job_id = ? AND rule_id = ?"
                + " AND week_start < ? AND thread_ts IS NOT NULL ORDER BY week_start DESC", rs -> rs.getBigDecimal("per_week"),
                channel, jobId, rule, Date.valueOf(week)).stream().findFirst());
    }

    /** Whether someone rejected step {@code step} of the rule's recommendation for the job at or after {@code since}. */
    public boolean rejectedSince(long jobId, String rule, int step, Instant since) {
        return db.inTransaction(sql -> !sql.query("SELECT 1 FROM changes c JOIN recommendations r ON r.id = c.recommendation_id"
                + " WHERE r.job_id = ? AND r.rule_id = ? AND c.step = ? AND c.state = 'rejected' AND c.decided_at >= ?", rs -> 1,
                jobId, rule, step, since).isEmpty());
    }
}
