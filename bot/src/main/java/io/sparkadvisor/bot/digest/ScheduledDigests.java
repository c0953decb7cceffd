package io.sparkadvisor.bot.digest;

import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.bot.store.Reached;
import io.sparkadvisor.bot.store.Subscription;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends a channel's digest when its schedule says so: prepares the week before the latest
 * scheduled day, claims that week for the channel (so of two replicas, or a retried execution, one posts),
 * applies the noise controls, and posts. A post that failed before its parent went out gives the
 * week back; one that failed after it keeps the week and records how far it got, and the retry
 * goes on from there.
 */
public final class ScheduledDigests {
    private static final Logger LOG = LoggerFactory.getLogger(ScheduledDigests.class);

    /** Where a digest goes: a Slack channel, in the bot. */
    public interface Channel {
        /**
         * Posts the messages of {@code digest} after the first {@code from.messages()} (the parent
         * only when it is not out yet), telling {@code reached} after each one.
         */
        void post(String channel, PreparedDigest digest, Reached from, Consumer<Reached> reached);
    }

    /** What one channel gets of a prepared digest: its own noise controls on the fleet scan's fixes. */
    public interface ChannelFilter {
        PreparedDigest forChannel(String channel, PreparedDigest digest);
    }

    private final DigestSubscriptions subscriptions;
    private final Digests digests;
    private final NoiseControls defaults;
    private final Channel slack;
    private final ChannelFilter filter;

    public ScheduledDigests(DigestSubscriptions subscriptions, Digests digests, DigestConfig config, Channel slack) {
        this(subscriptions, digests, config, slack, (channel, digest) -> digest);
    }

    public ScheduledDigests(DigestSubscriptions subscriptions, Digests digests, DigestConfig config, Channel slack, ChannelFilter filter) {
        this.filter = filter;
        this.subscriptions = subscriptions;
        this.digests = digests;
        this.defaults = NoiseControls.of(config);
        this.slack = slack;
    }

    /**
     * {@code startedAt}: when this send began. A digest sent late (the bot was down over its day)
     * reports the last complete week before the latest scheduled day, not a stale one.
     */
    public void send(String channel, DigestSchedule schedule, Instant startedAt) {
        Optional<Subscription> subscription = subscriptions.find(channel);
        if (subscription.isEmpty()) {
            return; // unsubscribed while this execution was due
        }
        LocalDate week = schedule.weekStartFor(schedule.lastAtOrBefore(startedAt));
        PreparedDigest digest = filter.forChannel(channel, digests.prepare(week));
        Optional<Reached> unfinished = subscriptions.unfinished(channel, week);
        if (unfinished.isEmpty()) {
            Optional<String> silenced = defaults.overriddenBy(subscription.get()).silences(digest.report());
            if (!subscriptions.claimWeek(channel, week)) {
                LOG.info("digest of {} for the week of {} was already sent", channel, week);
                return;
            }
            if (silenced.isPresent()) {
                LOG.info("digest of {} for the week of {} not posted: {}", channel, week, silenced.get());
                return;
            }
        }
        AtomicReference<Reached> reached = new AtomicReference<>(unfinished.orElse(Reached.NOTHING));
        try {
            slack.post(channel, digest, reached.get(), now -> {
                reached.set(now);
                subscriptions.reached(channel, week, now);
            });
            subscriptions.finished(channel, week);
        } catch (RuntimeException e) {
            if (!reached.get().parentPosted()) {
                // Slack unreachable, or the bot not in the channel: the week is given back, and the scheduler tries again later.
                subscriptions.releaseWeek(channel, week, subscription.get().lastWeek());
            }
            LOG.warn("digest of {} for the week of {} not posted whole ({} messages out), will retry (invite the bot to the channel"
                    + " if it is not a member): {}", channel, week, reached.get().messages(), e.getMessage());
            throw e;
        }
    }
}
