package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One handler per kind of ask, whichever way it came (the slash command, a mention, a direct message); the way it
 * came only decides where the answer goes ({@link Reply}). Every handler works off the request thread, which must
 * ack within three seconds.
 */
final class AskHandlers {
    private static final Logger LOG = LoggerFactory.getLogger(AskHandlers.class);

    /** Who asked what, where, and the client their request came with (to ask Slack who they are). */
    record Asked(String channel, String user, AskText text, MethodsClient client) {}

    /** Starts the answer; false when the bot is too busy to take it (the asker has not been told). */
    private interface Handler {
        boolean take(Asked asked, Reply reply);
    }

    private final ExecutorService pool;
    private final AskService asks;
    private final GuardedHistory history;
    private final DigestCommands digest;
    private final WhyAnswers why;
    private final BotMetrics metrics;

    AskHandlers(ExecutorService pool, AskService asks, GuardedHistory history, DigestCommands digest, WhyAnswers why, BotMetrics metrics) {
        this.pool = pool;
        this.metrics = metrics;
        this.why = why;
        this.asks = asks;
        this.history = history;
        this.digest = digest;
    }

    boolean take(Asked asked, Reply reply) {
        return handler(asked.text().kind()).take(asked, reply);
    }

    private Handler handler(AskText.Kind kind) {
        return switch (kind) {
            case HELP -> later((a, r) -> r.send(List.of(SlackMessages.help(SlackBot.COMMAND))));
            case HISTORY -> later((a, r) -> r.send(history.answer(a.text().query(), a.user(), a.client())));
            case DIGEST -> later((a, r) -> r.send(digestAnswer(a)));
            case SCAN -> later((a, r) -> scan(a).ifPresent(r::say));
            case WHY -> counted(later((a, r) -> why.answer(new Ask(a.channel(), a.user(), a.text().query(), r::say), a.client())));
            case RUN -> (a, r) -> asks.submit(new Ask(a.channel(), a.user(), a.text().query(), r::say), a.client());
        };
    }

    /** A handler run on the pool: a full queue (or a stopping bot) is "busy". */
    private Handler later(java.util.function.BiConsumer<Asked, Reply> work) {
        return (asked, reply) -> {
            try {
                pool.execute(() -> work.accept(asked, reply));
                return true;
            } catch (RejectedExecutionException full) {
                return false;
            }
        };
    }

    /** An ask about a run answered here, counted as {@link AskService} counts the others: queued, or turned away by a full queue. */
    private Handler counted(Handler handler) {
        return (asked, reply) -> {
            boolean taken = handler.take(asked, reply);
            metrics.asked(taken);
            return taken;
        };
    }

    /** The fleet scan on demand; a failure to start it (Slack, the database) becomes a reply that says what went wrong. */
    private Optional<String> scan(Asked a) {
        try {
            return digest.scan(a.client(), a.channel(), a.user());
        } catch (RuntimeException e) {
            LOG.warn("scan failed", e);
            return Optional.of(ErrorReplies.of(e).text());
        }
    }

    /** A digest command's answer; a failure (the workspace, the database) becomes a reply that says what went wrong. */
    private List<SlackMessage> digestAnswer(Asked a) {
        try {
            return digest.answer(a.channel(), a.user(), a.text().query(), a.client());
        } catch (RuntimeException e) {
            LOG.warn("digest {} failed", a.text().query(), e);
            return List.of(ErrorReplies.of(e));
        }
    }
}
