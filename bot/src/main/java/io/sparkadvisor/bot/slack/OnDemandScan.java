package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.digest.DigestSchedule;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.digest.PreparedDigest;
import io.sparkadvisor.bot.scan.JobScan;
import io.sparkadvisor.bot.scan.ScanProgress;
import io.sparkadvisor.bot.store.ScanRequests;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.replies.AskReply;
import io.sparkadvisor.templates.replies.DigestReply;
import io.sparkadvisor.templates.replies.ErrorReply;
import io.sparkadvisor.templates.replies.ScanReply;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /spark-advisor scan}: the fleet scan of the week the next digest reports, now, in a thread
 * of the channel: a progress line edited in place as jobs finish, then the digest it makes (Top
 * fixes included). Jobs an earlier scan of that week finished are read, not analysed again; the
 * digest's own threads per fix come with the scheduled digest. Not in a channel shared outside the
 * company ({@link SharedChannels}), and at most {@code scan.perChannelPerDay} times a UTC day per
 * channel, counted in the database so that replicas share the limit.
 */
final class OnDemandScan {
    private static final Logger LOG = LoggerFactory.getLogger(OnDemandScan.class);
    /** Slack allows about one chat.update a second per channel. */
    private static final Duration EDIT_EVERY = Duration.ofSeconds(1);
    private static final String ASKED = "scan";
    private static final DateTimeFormatter NEXT = DateTimeFormatter.ofPattern("EEE d MMM HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private final Digests digests;
    private final String defaultSchedule;
    private final Clock clock;
    private final SharedChannels sharing;
    private final ScanRequests requests;

    OnDemandScan(Digests digests, String defaultSchedule, Clock clock, SharedChannels sharing, ScanRequests requests) {
        this.sharing = sharing;
        this.requests = requests;
        this.digests = digests;
        this.defaultSchedule = defaultSchedule;
        this.clock = clock;
    }

    /** Runs the scan; empty when it ran in a thread, else the reply for the asker alone (the scan is off, or not here, or not now). */
    Optional<String> run(MethodsClient client, String channel, String user) {
        Optional<ScanConfig> config = digests.scanConfig();
        if (config.isEmpty()) {
            return Optional.of(ScanReply.OFF.text());
        }
        Optional<String> refusal = sharing.refusal(client, channel, DigestReply.THIS_CHANNEL.text());
        if (refusal.isPresent()) {
            return refusal;
        }
        int perDay = config.get().perChannelPerDay();
        if (!requests.take(channel, user, perDay, clock.instant())) {
            return Optional.of(ScanReply.TOO_MANY.text("perDay", perDay, "one", perDay == 1,
                    "next", NEXT.format(ScanRequests.nextDay(clock.instant()))));
        }
        LocalDate week = DigestSchedule.parse(defaultSchedule).weekStartFor(clock.instant());
        SlackThread thread = SlackThread.open(client, channel, SlackMessages.parent(user, ASKED, AskReply.WORKING.text()));
        ProgressLine progress = ProgressLine.start(thread, ScanReply.STARTED.text("jobs", config.get().jobs(), "week", week));
        try {
            PreparedDigest digest = digests.prepare(week, throttled(progress));
            long unreadable = digest.scans().stream().filter(s -> !s.wasAnalysed()).count();
            String done = ScanReply.FINISHED.text("analysed", digest.scans().stream().filter(JobScan::wasAnalysed).count(),
                    "unreadable", unreadable, "fixes", digest.fixes().size());
            progress.done(done);
            DigestMessages.slack(digest.report()).forEach(thread::reply);
            thread.editParent(SlackMessages.parent(user, ASKED, done));
        } catch (RuntimeException e) {
            LOG.warn("fleet scan in {} failed", channel, e);
            progress.failed(ErrorReplies.of(e));
            thread.editParent(SlackMessages.parent(user, ASKED, ErrorReply.WARNING.text("reason", ErrorReplies.of(e).text())));
        }
        return Optional.empty();
    }

    /** Edits the progress line when a job finishes, at most once a second, and always for the last one. */
    private ScanProgress throttled(ProgressLine progress) {
        return new ScanProgress() {
            private long shownAt = Long.MIN_VALUE;

            @Override
            public synchronized void moved(int done, int total, int unreadable) {
                long now = System.nanoTime();
                if (done == total || now - shownAt >= EDIT_EVERY.toNanos()) {
                    shownAt = now;
                    progress.step(ScanReply.MOVED.text("done", done, "total", total, "unreadable", unreadable));
                }
            }
        };
    }
}
