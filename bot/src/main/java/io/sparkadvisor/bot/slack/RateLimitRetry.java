package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.ops.BotMetrics;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import okhttp3.Interceptor;
import okhttp3.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits out Slack's rate limits on every Web API call: a 429 is sent again after its Retry-After, a
 * few times. Slack's client throws on a 429 and leaves waiting to the caller, and an answer of a
 * dozen thread replies, or a digest to many channels, can hit the one-message-a-second limit.
 */
final class RateLimitRetry implements Interceptor {
    private static final Logger LOG = LoggerFactory.getLogger(RateLimitRetry.class);
    static final int MAX_RETRIES = 3;
    /** Longer waits than this are Slack telling us to stop for a while: the call fails instead of holding a worker. */
    static final Duration LONGEST_WAIT = Duration.ofSeconds(30);

    private final BotMetrics metrics;

    RateLimitRetry(BotMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Response response = chain.proceed(chain.request());
        for (int retry = 1; response.code() == 429 && retry <= MAX_RETRIES; retry++) {
            Duration wait = retryAfter(response);
            if (wait.compareTo(LONGEST_WAIT) > 0) {
                break;
            }
            LOG.info("Slack rate-limited {}; retrying in {} s", chain.request().url().encodedPath(), wait.toSeconds());
            metrics.rateLimitRetry("slack");
            response.close();
            pause(wait);
            response = chain.proceed(chain.request());
        }
        return response;
    }

    /** Slack sends whole seconds; a missing or odd header means one second. */
    private static Duration retryAfter(Response response) {
        try {
            return Duration.ofSeconds(Math.max(1, Long.parseLong(response.header("Retry-After", "1").trim())));
        } catch (NumberFormatException e) {
            return Duration.ofSeconds(1);
        }
    }

    private static void pause(Duration wait) throws InterruptedIOException {
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting out a Slack rate limit");
        }
    }
}
