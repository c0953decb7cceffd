package io.sparkadvisor.bot.digest;

import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.scan.Opportunity;
import io.sparkadvisor.bot.store.FixPosts;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which of the week's ranked fixes a channel gets: not a step someone rejected for that job within
 * the cooldown, and not a fix the channel was shown in an earlier week (still waiting for a click,
 * or approved and waiting for its follow-up) unless its dollars a week grew by at least
 * {@link ScanConfig#repostGrowth()}; the next ones in dollar order take their places.
 */
public final class FixNoise implements ScheduledDigests.ChannelFilter {
    private final FixPosts posts;
    private final ScanConfig config;
    private final Clock clock;

    public FixNoise(FixPosts posts, ScanConfig config, Clock clock) {
        this.posts = posts;
        this.config = config;
        this.clock = clock;
    }

    @Override
    public PreparedDigest forChannel(String channel, PreparedDigest digest) {
        if (digest.report().topFixes() == null) {
            return digest;
        }
        LocalDate week = digest.report().from();
        List<Opportunity> kept = new ArrayList<>();
        int held = 0;
        for (Opportunity o : digest.ranked()) {
            if (kept.size() == config.topFixes()) {
                break;
            }
            if (rejectedLately(o)) {
                continue;
            }
            if (seenUnchanged(channel, week, o)) {
                held++;
            } else {
                kept.add(o);
            }
        }
        return digest.keeping(kept, held);
    }

    private boolean rejectedLately(Opportunity o) {
        return posts.rejectedSince(Long.parseLong(o.job().jobId()), o.finding().rule(), o.firstStep().step(),
                clock.instant().minus(config.rejectedCooldown()));
    }

    private boolean seenUnchanged(String channel, LocalDate week, Opportunity o) {
        Optional<BigDecimal> earlier = posts.before(channel, week, o.job().jobId(), o.finding().rule());
        return earlier.filter(before -> grewLessThanEnough(before, o.perWeek())).isPresent();
    }

    /** True while {@code now} is below {@code before} x (1 + repostGrowth). */
    boolean grewLessThanEnough(BigDecimal before, BigDecimal now) {
        return now.compareTo(before.multiply(BigDecimal.valueOf(1 + config.repostGrowth()))) < 0;
    }
}
