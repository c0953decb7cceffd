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
 * applies the noise controls, and posts; never in a channel shared outside the company ({@link Audience}). A post that failed before its parent went out gives the
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

    /**
     * Whether a channel may get cost data at all: why not, or empty when it may. Throws when it
     * cannot tell; nothing is posted then, and the send is tried again later.
     */
    public interface Audience {
        Optional<String> barred(String channel);
    }

    /** What one channel gets of a prepared digest: its own noise controls on the fleet scan's fixes. */
    public interface ChannelFilter {
        PreparedDigest forChannel(String channel, PreparedDigest digest);
    }

    private final DigestSubscriptions subscriptions;
    private final Digests digests;
    private final NoiseControls defaults;
    private final Channel slack;
    private final Audience audience;
    private final ChannelFilter filter;

    public ScheduledDigests(DigestSubscriptions subscriptions, Digests digests, DigestConfig config, Channel slack, Audience audience) {
        this(subscriptions, digests, config, slack, audience, (channel, digest) -> digest);
    }

    public ScheduledDigests(DigestSubscriptions subscriptions, Digests digests, DigestConfig config, Channel slack, Audience audience,
            ChannelFilter filter) {
        this.audience = audience;
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
        if (isBarred(channel)) {
            return;
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

    /**
     * A channel shared outside the company since it subscribed is skipped, before any query runs; its
     * subscription stays, so the digest resumes once the channel is internal again. When the sharing
     * cannot be told, nothing is posted and the scheduler tries again.
     */
    private boolean isBarred(String channel) {
        Optional<String> barred;
        try {
            barred = audience.barred(channel);
        } catch (RuntimeException e) {
            LOG.warn("digest of {} not posted: cannot tell whether the channel is shared outside the company ({}); will retry",
                    channel, e.getMessage());
            throw e;
        }
        barred.ifPresent(why -> LOG.warn("digest of {} skipped this week; the subscription stays (unsubscribe it to stop this): {}",
                channel, why));
        return barred.isPresent();
    }
}
