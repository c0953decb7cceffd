package io.sparkadvisor.bot.ops;

import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * Times every Web API call of the Slack client by method ({@code chat.postMessage}) and HTTP
 * outcome. Slack answers most errors 200 with {@code ok:false}; those count as ok here, and the
 * callers say what went wrong.
 */
public final class SlackCallMeter implements Interceptor {
    private final BotMetrics metrics;

    public SlackCallMeter(BotMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        String method = chain.request().url().pathSegments().get(chain.request().url().pathSize() - 1);
        long started = System.nanoTime();
        try {
            Response response = chain.proceed(chain.request());
            metrics.called("slack", method, CallOutcome.of(response.code()), System.nanoTime() - started);
            return response;
        } catch (IOException e) {
            metrics.called("slack", method, CallOutcome.UNREACHABLE, System.nanoTime() - started);
            throw e;
        }
    }
}
