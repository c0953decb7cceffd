package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CostlierPostsTest {
    static final LocalDate WEEK = LocalDate.parse("2026-11-23");
    static final Instant AT = Instant.parse("2026-11-30T09:00:00Z");
    static final BigDecimal RISE = new BigDecimal("84.00");

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aJobsCostlierThreadIsPostedOncePerChannelAndWeek(TestDatabases.Kind kind) {
        Database db = TestDatabases.fresh(kind);
        CostlierPosts posts = new CostlierPosts(db);
        assertTrue(posts.claim("C1", WEEK, "601", RISE, AT));
        assertTrue(posts.claim("C1", WEEK, "601", RISE, AT), "not out yet: a retry posts it");
        posts.posted("C1", WEEK, "601", "1700.1");
        assertFalse(posts.claim("C1", WEEK, "601", RISE, AT), "out: never twice");
        assertTrue(posts.claim("C2", WEEK, "601", RISE, AT), "another channel gets its own");
        assertTrue(posts.claim("C1", WEEK.plusDays(7), "601", RISE, AT), "and the next week its own");
        assertEquals(List.of(), db.inTransaction(sql -> sql.query("SELECT rule_id FROM fix_posts", rs -> rs.getString(1))),
                "the fix threads' table never holds a costlier thread");
    }

    /** V29: threads claimed in fix_posts under the old 'got-costlier' rule id move, and stay out. */
    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void threadsClaimedBeforeTheUpgradeStayPostedAfterIt(TestDatabases.Kind kind) {
        Database db = TestDatabases.migratedTo(kind, "25");
        db.inTransaction(sql -> {
            sql.update("INSERT INTO fix_posts (channel, week_start, job_id, rule_id, per_week, thread_ts, posted_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    "C1", Date.valueOf(WEEK), "601", "got-costlier", RISE, "1700.1", AT);
            return sql.update("INSERT INTO fix_posts (channel, week_start, job_id, rule_id, per_week, thread_ts, posted_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    "C1", Date.valueOf(WEEK), "601", "skew", new BigDecimal("35.00"), "1700.2", AT);
        });

        db.migrate();

        assertFalse(new CostlierPosts(db).claim("C1", WEEK, "601", RISE, AT), "posted before the upgrade: not again");
        assertEquals(List.of("skew"), db.inTransaction(sql -> sql.query("SELECT rule_id FROM fix_posts", rs -> rs.getString(1))));
    }
}
