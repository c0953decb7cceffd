package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.ask.Progress;
import io.sparkadvisor.templates.replies.AskReply;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first reply of a thread, edited in place as the work moves on. Download updates are
 * throttled to every tenth of the log, as Slack rate-limits chat.update to about one per second.
 * A failed edit is logged and forgotten: progress is a courtesy, the answer is what matters.
 */
final class ProgressLine implements Progress {
    private static final Logger LOG = LoggerFactory.getLogger(ProgressLine.class);
    private static final int PERCENT_STEP = 10;

    private final SlackThread thread;
    private final String ts;
    private int shownPercent = -PERCENT_STEP;

    private ProgressLine(SlackThread thread, String ts) {
        this.thread = thread;
        this.ts = ts;
    }

    static ProgressLine start(SlackThread thread, String firstLine) {
        return new ProgressLine(thread, thread.reply(SlackMessages.progress(AskReply.IN_PROGRESS.text("line", firstLine))));
    }

    @Override
    public void step(String line) {
        show(SlackMessages.progress(AskReply.IN_PROGRESS.text("line", line)));
    }

    @Override
    public void downloaded(long bytes, long totalBytes) {
        if (totalBytes <= 0) {
            step(AskReply.DOWNLOADING_SO_FAR.text("mb", mb(bytes)));
            return;
        }
        int percent = (int) Math.min(100, bytes * 100 / totalBytes);
        if (percent - shownPercent >= PERCENT_STEP || (percent == 100 && shownPercent < 100)) {
            shownPercent = percent;
            step(AskReply.DOWNLOADING.text("mb", mb(bytes), "totalMb", mb(totalBytes), "percent", percent));
        }
    }

    void done(String line) {
        show(SlackMessages.progress(AskReply.FINISHED.text("line", line)));
    }

    void failed(SlackMessage error) {
        show(error);
    }

    /** Megabytes with enough decimals that a small log does not read as 0.0. */
    static String mb(long bytes) {
        return String.format(Locale.ROOT, bytes < 10_000_000 ? "%.2f" : "%.1f", bytes / 1e6);
    }

    private void show(SlackMessage message) {
        try {
            thread.edit(ts, message);
        } catch (SlackCallException e) {
            LOG.warn("progress not shown: {}", e.getMessage());
        }
    }
}
