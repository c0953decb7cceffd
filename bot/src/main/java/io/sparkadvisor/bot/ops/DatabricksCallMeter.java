package io.sparkadvisor.bot.ops;

import com.databricks.sdk.core.DatabricksConfig;
import com.databricks.sdk.core.commons.CommonsHttpClient;
import com.databricks.sdk.core.http.HttpClient;
import com.databricks.sdk.core.http.Request;
import com.databricks.sdk.core.http.Response;
import java.io.IOException;
import java.util.regex.Pattern;

/**
 * The Databricks SDK's HTTP client, timing every call by endpoint ({@code jobs/runs/get}, ids
 * folded to {@code {id}}) and HTTP outcome. The SDK retries a 429 itself: each one is a rate-limit retry.
 */
public final class DatabricksCallMeter implements HttpClient {
    private static final Pattern VERSION = Pattern.compile("^/api/[^/]+/");
    /** Numbers and UUIDs (statement ids): one series per endpoint, not per object. */
    private static final Pattern ID = Pattern.compile("/(\\d+|[0-9a-fA-F-]{16,})(?=/|$)");

    private final DatabricksConfig config;
    private final BotMetrics metrics;
    private volatile HttpClient http;

    private DatabricksCallMeter(DatabricksConfig config, BotMetrics metrics) {
        this.config = config;
        this.metrics = metrics;
    }

    /** {@code config} with its calls metered. */
    public static DatabricksConfig on(DatabricksConfig config, BotMetrics metrics) {
        return config.setHttpClient(new DatabricksCallMeter(config, metrics));
    }

    @Override
    public Response execute(Request request) throws IOException {
        String endpoint = endpoint(request.getUri().getPath());
        long started = System.nanoTime();
        try {
            Response response = http().execute(request);
            String outcome = CallOutcome.of(response.getStatusCode());
            metrics.called("databricks", endpoint, outcome, System.nanoTime() - started);
            if (response.getStatusCode() == 429) {
                metrics.rateLimitRetry("databricks");
            }
            return response;
        } catch (IOException e) {
            metrics.called("databricks", endpoint, CallOutcome.UNREACHABLE, System.nanoTime() - started);
            throw e;
        }
    }

    static String endpoint(String path) {
        return ID.matcher(VERSION.matcher(path).replaceFirst("")).replaceAll("/{id}");
    }

    /** The SDK's own client, built once the config is resolved (its timeouts and proxy come from it). */
    private HttpClient http() {
        if (http == null) {
            synchronized (this) {
                if (http == null) {
                    http = new CommonsHttpClient.Builder().withDatabricksConfig(config).build();
                }
            }
        }
        return http;
    }
}
