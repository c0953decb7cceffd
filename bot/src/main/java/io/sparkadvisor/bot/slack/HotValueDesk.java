package io.sparkadvisor.bot.slack;

import com.slack.api.bolt.App;
import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.access.Audience;
import io.sparkadvisor.bot.approvals.ClickedMessage;
import io.sparkadvisor.bot.ask.AnalysedRun;
import io.sparkadvisor.bot.chart.Chart;
import io.sparkadvisor.bot.chart.Charts;
import io.sparkadvisor.bot.hotvalue.HotValueClicks;
import io.sparkadvisor.bot.hotvalue.HotValueClicks.Result;
import io.sparkadvisor.bot.hotvalue.HotValueLookup.Found;
import io.sparkadvisor.bot.work.Workers;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.templates.replies.AccessReply;
import io.sparkadvisor.templates.replies.ApprovalReply;
import io.sparkadvisor.templates.slack.HotValueIds;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Slack's side of "Find the hot value" ({@link HotValueClicks}): the button with the finding's post, the click taken
 * off the request thread, and what came of it posted: the value, its share, a chart of the top values and the
 * targeted fix in the finding's thread (or by DM when the channel may not read the table); or what stopped it.
 */
public final class HotValueDesk {
    private static final Logger LOG = LoggerFactory.getLogger(HotValueDesk.class);
    /** Each lookup mostly waits on the warehouse; two at once is plenty for a team. */
    private static final int THREADS = 2;
    private static final int QUEUED_CLICKS = 16;

    private final HotValueClicks clicks;
    private final ExecutorService pool = Workers.bounded("spark-advisor-hot-value", THREADS, QUEUED_CLICKS);

    public HotValueDesk(HotValueClicks clicks) {
        this.clicks = clicks;
    }

    /** Records the offer of a posted finding that has a hot value to look up; returns the button's value, or null for none. */
    String offer(Finding f, String postedId, AnalysedRun run, String channel, String threadTs, String requester) {
        return clicks.offer(f, postedId, run.ref().runId(), run.ref().jobId(), channel, threadTs, requester).orElse(null);
    }

    void register(App app) {
        app.blockAction(HotValueIds.FIND, (req, ctx) -> {
            var payload = req.getPayload();
            String user = payload.getUser().getId();
            ClickedMessage message = ApprovalButtons.clickedMessage(payload);
            String id = payload.getActions().get(0).getValue();
            MethodsClient client = ctx.client();
            try {
                pool.execute(() -> click(client, user, message, id));
            } catch (RejectedExecutionException busy) {
                whisper(client, message.channel(), user, ApprovalReply.CLICKS_BUSY.text());
            }
            return ctx.ack();
        });
    }

    void stop(Duration grace) throws InterruptedException {
        pool.shutdown();
        pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void click(MethodsClient client, String user, ClickedMessage message, String id) {
        Result result = clicks.click(user, message, id, new SlackUsers(client),
                (lookup, line) -> SlackThread.existing(client, lookup.channel(), lookup.threadTs()).reply(SlackMessages.notice(line)));
        try {
            if (result instanceof Result.Refused refused) {
                whisper(client, message.channel(), user, refused.text());
            } else if (result instanceof Result.Stopped stopped) {
                SlackThread.existing(client, stopped.lookup().channel(), stopped.lookup().threadTs()).reply(SlackMessages.notice(stopped.text()));
            } else {
                answer(client, user, (Result.Answered) result);
            }
        } catch (RuntimeException e) {
            clicks.failed(id, user, e);
            whisper(client, message.channel(), user, ApprovalReply.CLICK_FAILED.text());
        }
    }

    private static void answer(MethodsClient client, String user, Result.Answered answered) {
        SlackThread values = valuesGo(client, SlackThread.existing(client, answered.lookup().channel(), answered.lookup().threadTs()), user,
                answered);
        Found f = answered.found();
        values.reply(SlackMessages.notice(f.answer()));
        upload(values, Charts.topValues(f.top(), f.source()));
        f.fix().ifPresent(fix -> values.reply(SlackMessages.notice(fix)));
    }

    /** The finding's thread, or a direct message to the clicker with a note in the thread. */
    private static SlackThread valuesGo(MethodsClient client, SlackThread thread, String user, Result.Answered answered) {
        if (answered.audience() == Audience.CHANNEL) {
            return thread;
        }
        SlackThread direct = SlackThread.existing(client, AskAdmission.directMessage(client, user), null);
        thread.reply(SlackMessages.notice(AccessReply.VALUES_SENT_PRIVATELY.text("table", answered.source().name())));
        return direct;
    }

    /** The chart is a courtesy: the answer stands without it. */
    private static void upload(SlackThread thread, Chart chart) {
        try {
            thread.upload(chart);
        } catch (SlackCallException e) {
            LOG.warn("chart {} not uploaded: {}", chart.fileName(), e.getMessage());
        }
    }

    private static void whisper(MethodsClient client, String channel, String user, String text) {
        new Reply.Ephemeral(client, channel, user).say(text);
    }
}
