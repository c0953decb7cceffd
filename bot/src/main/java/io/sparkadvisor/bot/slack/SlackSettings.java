package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.config.BadInputException;
import java.net.URI;
import java.util.Map;

/**
 * The Slack side of {@code serve}, from the environment. HTTP mode needs the bot token and the
 * signing secret; Socket Mode (an app-level {@code xapp-} token) needs no public port. A missing or
 * malformed value is a {@link BadInputException} naming the variable, never echoing a secret.
 *
 * @param apiUrl base of the Web API methods, ending in {@code /api/}; null for Slack's own
 */
public record SlackSettings(String botToken, String signingSecret, String appToken, int port, String apiUrl) {
    public static final int DEFAULT_PORT = 3000;

    public static SlackSettings fromEnvironment(Map<String, String> env) {
        String appToken = optional(env, "SLACK_APP_TOKEN");
        if (appToken != null && !appToken.startsWith("xapp-")) {
            throw new BadInputException("SLACK_APP_TOKEN is malformed: an app-level token starts with xapp-");
        }
        String botToken = optional(env, "SLACK_BOT_TOKEN");
        if (botToken == null) {
            throw new BadInputException("SLACK_BOT_TOKEN is not set: give the bot token (xoxb-...) from the app's OAuth page");
        }
        if (!botToken.startsWith("xoxb-")) {
            throw new BadInputException("SLACK_BOT_TOKEN is malformed: a bot token starts with xoxb-");
        }
        String signingSecret = optional(env, "SLACK_SIGNING_SECRET");
        if (signingSecret == null && appToken == null) {
            throw new BadInputException("SLACK_SIGNING_SECRET is not set: HTTP mode verifies every request with it"
                    + " (or set SLACK_APP_TOKEN for Socket Mode)");
        }
        if (signingSecret != null && !signingSecret.matches("\\S+")) {
            throw new BadInputException("SLACK_SIGNING_SECRET is malformed: it contains white space");
        }
        return new SlackSettings(botToken, signingSecret, appToken, port(optional(env, "PORT")),
                apiUrl(optional(env, "SLACK_API_URL")));
    }

    public boolean socketMode() {
        return appToken != null;
    }

    /** Records print every component; this one holds secrets. */
    @Override
    public String toString() {
        return "SlackSettings[" + (socketMode() ? "socket mode" : "HTTP on port " + port) + ", api "
                + (apiUrl == null ? "slack.com" : apiUrl) + "]";
    }

    private static int port(String value) {
        if (value == null) {
            return DEFAULT_PORT;
        }
        try {
            int port = Integer.parseInt(value);
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException ignored) {
            // reported below, with the accepted range
        }
        throw new BadInputException("PORT is malformed: \"" + value + "\" is not a port number from 1 to 65535");
    }

    /** Accepts the base URL with or without its {@code /api/} suffix, as people copy either. */
    static String apiUrl(String value) {
        if (value == null) {
            return null;
        }
        URI uri;
        try {
            uri = URI.create(value);
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri == null || uri.getHost() == null || !(value.startsWith("http://") || value.startsWith("https://"))) {
            throw new BadInputException("SLACK_API_URL is malformed: \"" + value + "\" is not an http(s) URL");
        }
        String base = value.replaceAll("/+$", "");
        return base.endsWith("/api") ? base + "/" : base + "/api/";
    }

    private static String optional(Map<String, String> env, String name) {
        String value = env.get(name);
        return value == null || value.isBlank() ? null : value.trim();
    }
}
