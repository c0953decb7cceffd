package io.sparkadvisor.bot.slack;

import com.slack.api.app_backend.SlackSignature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Collectors;

/** Requests as Slack sends them to /slack/events: form-encoded commands and JSON events, signed v0 HMAC-SHA256. */
final class SignedRequests {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI endpoint;
    private final String secret;
    private final String responseUrl;

    SignedRequests(int port, String secret, String responseUrl) {
        this.endpoint = URI.create("http://127.0.0.1:" + port + "/slack/events");
        this.secret = secret;
        this.responseUrl = responseUrl;
    }

    String slashCommandBody(String text, String channel, String user) {
        return SlackPayloads.slashCommand(text, channel, user, responseUrl).entrySet().stream()
                .map(f -> f.getKey() + "=" + encode(f.getValue())).collect(Collectors.joining("&"));
    }

    HttpResponse<String> command(String text, String channel, String user) {
        return send(slashCommandBody(text, channel, user), "application/x-www-form-urlencoded", now(), secret);
    }

    /** An interactive payload (a button click), form-encoded as {@code payload=<json>}. */
    HttpResponse<String> interaction(String payloadJson) {
        return send("payload=" + encode(payloadJson), "application/x-www-form-urlencoded", now(), secret);
    }

    HttpResponse<String> event(String eventJson, String eventId) {
        return send(SlackPayloads.eventCallback(eventJson, eventId), "application/json", now(), secret);
    }

    /** A request with its signature made from {@code signWith} at {@code timestamp}, and extra headers (name, value, ...). */
    HttpResponse<String> send(String body, String contentType, long timestamp, String signWith, String... headers) {
        String ts = Long.toString(timestamp);
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
                .header("Content-Type", contentType)
                .header(SlackSignature.HeaderNames.X_SLACK_REQUEST_TIMESTAMP, ts)
                .header(SlackSignature.HeaderNames.X_SLACK_SIGNATURE, new SlackSignature.Generator(signWith).generate(ts, body))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The port the bot listens on, for a test that speaks HTTP itself. */
    int port() {
        return endpoint.getPort();
    }

    /** The signature Slack would send with {@code body} at {@code timestamp}. */
    String signature(long timestamp, String body) {
        return new SlackSignature.Generator(secret).generate(Long.toString(timestamp), body);
    }

    static long now() {
        return Instant.now().getEpochSecond();
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
