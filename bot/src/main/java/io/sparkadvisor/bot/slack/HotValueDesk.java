package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.chart.Chart;
import io.sparkadvisor.bot.chart.Charts;
import io.sparkadvisor.bot.ask.AnalysedRun;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.slack.api.bolt.App;
import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.access.AccessService;
import io.sparkadvisor.bot.approvals.ApprovalPolicy;
import io.sparkadvisor.bot.approvals.ClickedMessage;
import io.sparkadvisor.bot.hotvalue.HotValueLookup;
import io.sparkadvisor.bot.hotvalue.HotValueLookup.Found;
import io.sparkadvisor.bot.hotvalue.HotValueLookup.Outcome;
import io.sparkadvisor.bot.hotvalue.HotValueLookup.Told;
import io.sparkadvisor.bot.hotvalue.HotValueSource;
import io.sparkadvisor.bot.hotvalue.TopValues;
import io.sparkadvisor.bot.store.HotValues;
import io.sparkadvisor.bot.store.HotValues.Lookup;
import io.sparkadvisor.bot.work.Workers;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.templates.replies.ApprovalReply;
import io.sparkadvisor.templates.replies.HotValueReply;
import io.sparkadvisor.templates.slack.HotValueIds;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * "Find the hot value" on a skew finding: offered with the finding's post, and on a click by the person who asked
 * or an approver (anyone else is told only they may) who may also SELECT from the table in Databricks, claimed once, run on the SQL warehouse off the request thread,
 * and answered in the finding's thread: the value, its share, a chart of the top values and the targeted fix; or
 * what stopped it, with the query to run by hand.
 */
public final class HotValueDesk {
    private static final Logger LOG = LoggerFactory.getLogger(HotValueDesk.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Each lookup mostly waits on the warehouse; two at once is plenty for a team. */
    private static final int THREADS = 2;
    private static final int QUEUED_CLICKS = 16;

    private final HotValues store;
    private final HotValueLookup lookup;
    private final ApprovalPolicy policy;
    private final HotValueAccess access;
    private final Clock clock;
    private final ExecutorService pool = Workers.bounded("spark-advisor-hot-value", THREADS, QUEUED_CLICKS);

    public HotValueDesk(HotValues store, HotValueLookup lookup, ApprovalPolicy policy, AccessService access, Clock clock) {
        this.access = new HotValueAccess(access);
        this.store = store;
        this.lookup = lookup;
        this.policy = policy;
        this.clock = clock;
    }

    /** Records the offer of a posted finding that has a hot value to look up; returns the button's value, or null for none. */
    String offer(Finding f, String postedId, AnalysedRun run, String channel, String threadTs, String requester) {
        if (!HotValueSource.offeredFor(f.rule(), f.evidence())) {
            return null;
        }
        try {
            store.offered(postedId, run.ref().runId(), run.ref().jobId(), channel, threadTs, requester, JSON.writeValueAsString(HotValueSource.kept(f.evidence())));
            return postedId;
        } catch (JsonProcessingException | RuntimeException e) {
            LOG.warn("hot-value lookup of {} not offered", postedId, e);
            return null; // the finding stands without its button
        }
    }

    void register(App app) {
        app.blockAction(HotValueIds.FIND, (req, ctx) -> {
            var payload = req.getPayload();
            String user = payload.getUser().getId();
            ClickedMessage message = ApprovalButtons.clickedMessage(payload);
            String channel = message.channel();
            String id = payload.getActions().get(0).getValue();
            MethodsClient client = ctx.client();
            try {
                pool.execute(() -> click(client, user, message, id));
            } catch (RejectedExecutionException busy) {
                whisper(client, channel, user, ApprovalReply.CLICKS_BUSY.text());
            }
            return ctx.ack();
        });
    }

    void stop(Duration grace) throws InterruptedException {
        pool.shutdown();
        pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void click(MethodsClient client, String user, ClickedMessage message, String id) {
        String channel = message.channel();
        Optional<Lookup> found = store.find(id);
        if (found.isEmpty()) {
            whisper(client, channel, user, HotValueReply.UNKNOWN_FINDING.text());
            return;
        }
        Lookup l = found.get();
        if (!message.isOrFollows(l.channel(), l.threadTs(), null)) {
            whisper(client, channel, user, ApprovalReply.NOT_THIS_MESSAGE.text());
            return;
        }
        if (!user.equals(l.requester()) && !policy.isApprover(new SlackUsers(client), user)) {
            whisper(client, channel, user, HotValueReply.NOT_ALLOWED.text());
            return;
        }
        HotValueSource source = HotValueSource.of(l.evidence());
        Optional<String> refusal = access.refusal(client, user, source);
        if (refusal.isPresent()) {
            whisper(client, channel, user, refusal.get());
            return;
        }
        // A run left by a stopped bot is taken over once it has had its whole budget and a minute more.
        if (!store.start(id, user, clock.instant(), clock.instant().minus(lookup.budget().plusMinutes(1)))) {
            Lookup now = store.find(id).orElseThrow();
            whisper(client, channel, user, now.found() ? HotValueReply.ALREADY_FOUND.text("share", TopValues.percent(now.share()))
                    : HotValueReply.ALREADY_RUNNING.text());
            return;
        }
        SlackThread thread = SlackThread.existing(client, l.channel(), l.threadTs());
        try {
            Map<String, Object> evidence = l.evidence();
            Outcome outcome = lookup.run(source, evidence, line -> thread.reply(SlackMessages.notice(line)));
            if (outcome instanceof Found f) {
                store.found(id, f.top().hot().value(), f.top().valueType(), f.top().share(f.top().hot()));
                SlackThread values = access.valuesGo(client, thread, user, source);
                values.reply(SlackMessages.notice(f.answer()));
                upload(values, Charts.topValues(f.top(), f.source()));
                f.fix().ifPresent(fix -> values.reply(SlackMessages.notice(fix)));
            } else {
                store.failed(id);
                thread.reply(SlackMessages.notice(((Told) outcome).text()));
            }
        } catch (RuntimeException e) {
            LOG.warn("hot-value lookup {} by {} failed", id, user, e);
            store.failed(id);
            whisper(client, channel, user, ApprovalReply.CLICK_FAILED.text());
        }
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
