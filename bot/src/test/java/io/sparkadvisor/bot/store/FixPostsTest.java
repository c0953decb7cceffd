package io.sparkadvisor.bot.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class FixPostsTest {
    static final LocalDate WEEK = LocalDate.parse("2026-11-23");
    static final Instant AT = Instant.parse("2026-11-30T09:00:00Z");

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void aWeeksFixIsPostedOncePerChannelAndRemembersItsDollars(TestDatabases.Kind kind) {
        FixPosts posts = new FixPosts(TestDatabases.fresh(kind));
        assertTrue(posts.claim("C1", WEEK, "601", "skew", new BigDecimal("35.00"), AT));
        assertTrue(posts.claim("C1", WEEK, "601", "skew", new BigDecimal("35.00"), AT), "not out yet: a retry posts it");
        posts.posted("C1", WEEK, "601", "skew", "1700.1", null);
        assertFalse(posts.claim("C1", WEEK, "601", "skew", new BigDecimal("35.00"), AT), "out: never twice");
        assertTrue(posts.claim("C2", WEEK, "601", "skew", new BigDecimal("35.00"), AT), "another channel gets its own");

        assertEquals(Optional.of(new BigDecimal("35.00")), posts.before("C1", WEEK.plusDays(7), "601", "skew"));
        assertEquals(Optional.empty(), posts.before("C1", WEEK, "601", "skew"), "only earlier weeks");
        assertEquals(Optional.empty(), posts.before("C2", WEEK.plusDays(7), "601", "skew"), "C2's thread is not out");
        assertFalse(posts.rejectedSince(601, "skew", 1, AT.minusSeconds(86_400)));
    }
}
