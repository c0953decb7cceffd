package io.sparkadvisor.bot.store;

import java.math.BigDecimal;
import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** The digest's threads per job that got costlier, one per channel, week and job. */
public final class CostlierPosts {
    private final WeeklyThreads threads;

    public CostlierPosts(Database db) {
        this.threads = new WeeklyThreads(db, "costlier_threads", List.of("channel", "week_start", "job_id"));
    }

    /** Claims the job's thread for the channel's week ({@code risePerWeek}: its week's dollars above the usual cost). */
    public boolean claim(String channel, LocalDate week, String jobId, BigDecimal risePerWeek, Instant now) {
        return threads.claim(key(channel, week, jobId), risePerWeek, now);
    }

    /** The thread's parent line is out: a retry must not post it again that week. */
    public void posted(String channel, LocalDate week, String jobId, String threadTs) {
        threads.posted(key(channel, week, jobId), Map.of("thread_ts", threadTs));
    }

    private static List<Object> key(String channel, LocalDate week, String jobId) {
        return List.of(channel, Date.valueOf(week), jobId);
    }
}
