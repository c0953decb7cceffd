package io.sparkadvisor.bot.digest;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.config.ScanConfig;
import java.math.BigDecimal;
import java.time.Clock;
import org.junit.jupiter.api.Test;

class FixNoiseTest {
    @Test
    void aFixSeenBeforeReturnsOnlyWhenItsDollarsGrewByTheConfiguredShare() {
        FixNoise quarter = new FixNoise(null, ScanConfig.DEFAULTS, Clock.systemUTC());
        assertTrue(quarter.grewLessThanEnough(new BigDecimal("100.00"), new BigDecimal("124.99")));
        assertFalse(quarter.grewLessThanEnough(new BigDecimal("100.00"), new BigDecimal("125.00")), "25% more is posted again");
        assertTrue(quarter.grewLessThanEnough(new BigDecimal("100.00"), new BigDecimal("80.00")), "a shrinking fix is held");

        FixNoise always = new FixNoise(null, new ScanConfig(true, null, null, null, null, 0.0, null, null), Clock.systemUTC());
        assertFalse(always.grewLessThanEnough(new BigDecimal("100.00"), new BigDecimal("100.00")), "repostGrowth 0: every week");
    }
}
