package io.sparkadvisor.bot.slack;

import com.slack.api.app_backend.interactive_components.payload.BlockActionPayload;
import com.slack.api.bolt.App;
import com.slack.api.methods.MethodsClient;
import com.slack.api.util.json.GsonFactory;
import io.sparkadvisor.bot.approvals.ApprovalDesk;
import io.sparkadvisor.bot.access.SlackDirectory;
import io.sparkadvisor.bot.approvals.ChangeReplies;
import io.sparkadvisor.bot.approvals.ClickOutcome;
import io.sparkadvisor.bot.approvals.Click;
import io.sparkadvisor.bot.approvals.ClickedMessage;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.templates.replies.ApprovalReply;
import io.sparkadvisor.templates.slack.ApprovalIds;
import io.sparkadvisor.bot.work.Workers;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The Approve, Reject, Roll back and Restart now buttons (and a verified step's "Set the alert") in Bolt: each click is acked at once and decided off the request
 * thread, since applying a change takes several Databricks calls and Slack waits three seconds.
 * Clicks past the queue are refused with a "busy" note; on shutdown the clicks under way finish.
 */
public final class ApprovalButtons {
    private static final Logger LOG = LoggerFactory.getLogger(ApprovalButtons.class);
    private static final int THREADS = 2;
    /** Clicks are decided one job at a time anyway (a lock per job); a longer queue would only answer later. */
    private static final int QUEUED_CLICKS = 64;

    private static final Consumer<ClickOutcome> UNCOUNTED = outcome -> { };

    private final ExecutorService pool;

    private ApprovalButtons(ExecutorService pool) {
        this.pool = pool;
    }

    /** Lets the clicks under way finish (an apply half-done is settled later anyway, but finishing it is cleaner). */
    public void stop(Duration grace) throws InterruptedException {
        pool.shutdown();
        pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Approve clicks are counted by their outcome in {@code metrics}. */
    public static ApprovalButtons register(App app, ApprovalDesk desk, BotMetrics metrics) {
        ExecutorService pool = Workers.bounded("spark-advisor-approval", THREADS, QUEUED_CLICKS);
        app.blockAction(ApprovalIds.APPROVE, (req, ctx) -> {
            decide(pool, req.getPayload(), ctx.client(), desk::approve, outcome -> metrics.applied(outcome.kind()));
            return ctx.ack();
        });
        app.blockAction(ApprovalIds.REJECT, (req, ctx) -> {
            decide(pool, req.getPayload(), ctx.client(), desk::reject, UNCOUNTED);
            return ctx.ack();
        });
        app.blockAction(ApprovalIds.ROLL_BACK, (req, ctx) -> {
            decide(pool, req.getPayload(), ctx.client(), desk::rollBack, UNCOUNTED);
            return ctx.ack();
        });
        app.blockAction(ApprovalIds.SET_HEALTH_RULE, (req, ctx) -> {
            decide(pool, req.getPayload(), ctx.client(), desk::setHealthRule, UNCOUNTED);
            return ctx.ack();
        });
        app.blockAction(ApprovalIds.RESTART, (req, ctx) -> {
            decide(pool, req.getPayload(), ctx.client(), desk::restart, UNCOUNTED);
            return ctx.ack();
        });
        return new ApprovalButtons(pool);
    }

    private static void decide(ExecutorService pool, BlockActionPayload payload, MethodsClient client,
            BiFunction<Click, SlackDirectory, ClickOutcome> decision, Consumer<ClickOutcome> counted) {
        Click click = click(payload);
        ChangeReplies replies = new SlackChangeReplies(client);
        try {
            pool.execute(() -> {
                String change = ApprovalIds.value(click.step().recommendationId(), click.step().step());
                try (MDC.MDCCloseable id = MDC.putCloseable("change", change)) {
                    ClickOutcome outcome = decision.apply(click, replies.people());
                    counted.accept(outcome);
                    outcome.tell(click, replies);
                } catch (RuntimeException e) {
                    LOG.warn("click on {} by {} failed", change, click.userId(), e);
                    replies.whisper(click, ApprovalReply.CLICK_FAILED.text());
                }
            });
        } catch (RejectedExecutionException busy) {
            replies.whisper(click, ApprovalReply.CLICKS_BUSY.text());
        }
    }

    private static Click click(BlockActionPayload payload) {
        var action = payload.getActions().get(0);
        var message = payload.getMessage();
        return new Click(payload.getUser().getId(), clickedMessage(payload), message.getText(), GsonFactory.createSnakeCase().toJson(message.getBlocks()),
                ApprovalIds.parse(action.getValue()));
    }

    /** The message a button was clicked on, as Slack's payload says. */
    static ClickedMessage clickedMessage(BlockActionPayload payload) {
        var container = payload.getContainer();
        String thread = container.getThreadTs() != null ? container.getThreadTs()
                : payload.getMessage() == null ? null : payload.getMessage().getThreadTs();
        return new ClickedMessage(container.getChannelId(), thread, container.getMessageTs());
    }
}
