package io.sparkadvisor.bot.slack;

import com.slack.api.bolt.middleware.Middleware;
import com.slack.api.bolt.middleware.MiddlewareChain;
import com.slack.api.bolt.request.Request;
import com.slack.api.bolt.request.builtin.BlockActionRequest;
import com.slack.api.bolt.response.Response;
import io.sparkadvisor.bot.ops.BotMetrics;

/** Counts every button click by its action id, as it comes in, whatever its handler makes of it. */
final class ClickCounter implements Middleware {
    private final BotMetrics metrics;

    ClickCounter(BotMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public Response apply(Request req, Response resp, MiddlewareChain chain) throws Exception {
        if (req instanceof BlockActionRequest click && click.getPayload().getActions() != null) {
            click.getPayload().getActions().forEach(a -> metrics.clicked(a.getActionId()));
        }
        return chain.next(req);
    }
}
