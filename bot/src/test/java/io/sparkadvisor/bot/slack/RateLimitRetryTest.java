package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import io.sparkadvisor.bot.ops.BotMetrics;
import io.sparkadvisor.bot.ops.SlackCallMeter;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The retry's limits, against a local server; that a rate-limited reply still arrives is shown in SlackBotEndToEndTest. */
class RateLimitRetryTest {
    private final AtomicInteger calls = new AtomicInteger();
    private HttpServer server;

    /** A server answering every request with {@code code}, and {@code retryAfter} seconds when given. */
    private String serving(int code, String retryAfter) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            calls.incrementAndGet();
            if (retryAfter != null) {
                ex.getResponseHeaders().set("Retry-After", retryAfter);
            }
            ex.sendResponseHeaders(code, -1);
            ex.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/api/chat.postMessage";
    }

    private final BotMetrics metrics = BotMetrics.none();

    private int post(String url) throws IOException {
        OkHttpClient client = new OkHttpClient.Builder().addInterceptor(new RateLimitRetry(metrics))
                .addInterceptor(new SlackCallMeter(metrics)).build();
        try (Response response = client.newCall(new Request.Builder().url(url).build()).execute()) {
            return response.code();
        }
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aLimitLongerThanThirtySecondsIsNotWaitedOut() throws Exception {
        assertEquals(429, post(serving(429, "120")));
        assertEquals(1, calls.get());
    }

    @Test
    void aRateLimitedCallIsSentAgainAtMostThreeTimes() throws Exception {
        assertEquals(429, post(serving(429, "1")), "the caller sees Slack's refusal in the end");
        assertEquals(1 + RateLimitRetry.MAX_RETRIES, calls.get());
        assertEquals(RateLimitRetry.MAX_RETRIES, metrics.registry().get("spark.advisor.rate.limit.retries").counter().count());
        assertEquals(1 + RateLimitRetry.MAX_RETRIES, metrics.registry().get("spark.advisor.calls")
                .tags("api", "slack", "method", "chat.postMessage", "outcome", "rate_limited").timer().count(), "each attempt is a call");
    }

    @Test
    void otherAnswersPassStraightThrough() throws Exception {
        assertEquals(500, post(serving(500, null)));
        assertEquals(1, calls.get());
    }
}
