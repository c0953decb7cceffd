package io.sparkadvisor.bot.store;

import java.math.BigDecimal;
import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fixes the digest posted per channel, and what became of their steps: the memory behind its noise controls.
 */
public final class FixPosts {
    private final Database db;
    private final WeeklyThreads threads;

    public FixPosts(Database db) {
        this.db = db;
        this.threads = new WeeklyThreads(db, "fix_posts", List.of("channel", "week_start", "job_id", "rule_id"));
    }

    /**
     * Claims the week's fix for the channel: true the first time, and again while its thread is not
     * out (a retry after a failure); false once it is posted.
     */
    public boolean claim(String channel, LocalDate week, String jobId, String rule, BigDecimal perWeek, Instant now) {
        return threads.claim(key(channel, week, jobId, rule), perWeek, now);
    }

    /** The fix's thread is out, with the recommendation its Approve button carries (null when it has none). */
    public void posted(String channel, LocalDate week, String jobId, String rule, String threadTs, String recommendationId) {
        Map<String, Object> noted = new LinkedHashMap<>();
        noted.put("thread_ts", threadTs);
        noted.put("recommendation_id", recommendationId);
        threads.posted(key(channel, week, jobId, rule), noted);
    }

    /** The dollars a week of the job's fix when the channel last got it, before {@code week}. */
    public Optional<BigDecimal> before(String channel, LocalDate week, String jobId, String rule) {
        return db.inTransaction(sql -> sql.query("SELECT per_week FROM fix_posts WHERE channel = ? AND job_id = ? AND rule_id = ?"
                + " AND week_start < ? AND thread_ts IS NOT NULL ORDER BY week_start DESC", rs -> rs.getBigDecimal("per_week"),
                channel, jobId, rule, Date.valueOf(week)).stream().findFirst());
    }

    private static List<Object> key(String channel, LocalDate week, String jobId, String rule) {
        return List.of(channel, Date.valueOf(week), jobId, rule);
    }

    /** Whether someone rejected step {@code step} of the rule's recommendation for the job at or after {@code since}. */
    public boolean rejectedSince(long jobId, String rule, int step, Instant since) {
        return db.inTransaction(sql -> !sql.query("SELECT 1 FROM changes c JOIN recommendations r ON r.id = c.recommendation_id"
                + " WHERE r.job_id = ? AND r.rule_id = ? AND c.step = ? AND c.state = 'rejected' AND c.decided_at >= ?", rs -> 1,
                jobId, rule, step, since).isEmpty());
    }
}
