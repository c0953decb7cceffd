package io.sparkadvisor.bot.slack;

import com.slack.api.app_backend.SlackSignature;
import com.slack.api.bolt.middleware.Middleware;
import com.slack.api.bolt.middleware.MiddlewareChain;
import com.slack.api.bolt.request.Request;
import com.slack.api.bolt.request.builtin.BlockActionRequest;
import com.slack.api.bolt.request.builtin.SlashCommandRequest;
import com.slack.api.bolt.response.Response;
import io.sparkadvisor.bot.store.SlackEvents;
import io.sparkadvisor.bot.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.codec.digest.DigestUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drops a replayed request, on whichever replica it lands. Bolt's verification accepts a signed
 * request for five minutes; within them the same signature and timestamp, or the same trigger id
 * (Slack makes one per command and click), mean someone sent Slack's request again. Runs after
 * Bolt's verification (middleware added with {@code App.use} follows the built-in ones), so an
 * unsigned request can never take a key and shut out the genuine one. Slack's own retries of
 * events are signed anew; the event id decides about those ({@link SlackEvents}).
 */
final class OnceOnly implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(OnceOnly.class);

    private final SlackEvents taken;

    OnceOnly(SlackEvents taken) {
        this.taken = taken;
    }

    @Override
    public Response apply(Request req, Response resp, MiddlewareChain chain) throws Exception {
        if (keys(req).stream().allMatch(this::firstSight)) {
            return chain.next(req);
        }
        LOG.info("dropped a replayed {}", req.getRequestType());
        return Response.ok(); // nothing to tell a replayer
    }

    /** What makes this request one of a kind: its signature at its timestamp (HTTP), its trigger id (commands, clicks). */
    private static List<String> keys(Request<?> req) {
        List<String> keys = new ArrayList<>();
        String signature = req.getHeaders().getFirstValue(SlackSignature.HeaderNames.X_SLACK_SIGNATURE);
        String timestamp = req.getHeaders().getFirstValue(SlackSignature.HeaderNames.X_SLACK_REQUEST_TIMESTAMP);
        if (signature != null && timestamp != null) {
            keys.add(DigestUtils.sha256Hex("signature:" + timestamp + ":" + signature));
        }
        String trigger = req instanceof SlashCommandRequest command ? command.getPayload().getTriggerId()
                : req instanceof BlockActionRequest click ? click.getPayload().getTriggerId() : null;
        if (trigger != null && !trigger.isEmpty()) {
            keys.add(DigestUtils.sha256Hex("trigger:" + trigger));
        }
        return keys;
    }

    /** Without a database answer the request is taken: answering twice is better than not at all. */
    private boolean firstSight(String key) {
        try {
            return taken.take(key);
        } catch (StoreException e) {
            LOG.warn("request taken without checking for a replay: {}", e.getMessage());
            return true;
        }
    }
}
