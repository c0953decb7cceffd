package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.scan.OnDemandScans;
import io.sparkadvisor.bot.scan.OnDemandScans.Start;
import io.sparkadvisor.bot.scan.ScanProgress;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.replies.AskReply;
import io.sparkadvisor.templates.replies.DigestReply;
import io.sparkadvisor.templates.replies.ErrorReply;
import io.sparkadvisor.templates.replies.ScanReply;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Slack's side of {@code /spark-advisor scan} ({@link OnDemandScans}): in a thread of the channel, a progress line
 * edited in place as jobs finish, then the digest the scan makes (Top fixes included); the digest's own threads per
 * fix come with the scheduled digest.
 */
final class OnDemandScan {
    private static final Logger LOG = LoggerFactory.getLogger(OnDemandScan.class);
    /** Slack allows about one chat.update a second per channel. */
    private static final Duration EDIT_EVERY = Duration.ofSeconds(1);
    private static final String ASKED = "scan";

    private final OnDemandScans scans;
    private final SharedChannels sharing;

    OnDemandScan(OnDemandScans scans, SharedChannels sharing) {
        this.scans = scans;
        this.sharing = sharing;
    }

    /** Runs the scan; empty when it ran in a thread, else the reply for the asker alone (not theirs to start, off, not here, or not now). */
    Optional<String> run(MethodsClient client, String channel, String user) {
        Start start = scans.start(channel, user, new SlackUsers(client), () -> sharing.refusal(client, channel, DigestReply.THIS_CHANNEL.text()));
        if (start instanceof Start.Refused refused) {
            return Optional.of(refused.text());
        }
        Start.Granted granted = (Start.Granted) start;
        SlackThread thread = SlackThread.open(client, channel, SlackMessages.parent(user, ASKED, AskReply.WORKING.text()));
        ProgressLine progress = ProgressLine.start(thread, ScanReply.STARTED.text("jobs", granted.config().jobs(), "week", granted.week()));
        try {
            OnDemandScans.Scanned scanned = scans.run(granted, throttled(progress));
            String done = ScanReply.FINISHED.text("analysed", scanned.analysed(), "unreadable", scanned.unreadable(), "fixes", scanned.fixes());
            progress.done(done);
            DigestMessages.slack(scanned.report()).forEach(thread::reply);
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
