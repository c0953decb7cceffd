package io.sparkadvisor.bot.slack;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.config.BotSettings;
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

    public static SlackSettings fromEnvironment(Map<String, String> env) {
        String appToken = BotSettings.SLACK_APP_TOKEN.read(env).orElse(null);
        String botToken = BotSettings.SLACK_BOT_TOKEN.read(env).orElseThrow(() ->
                new BadInputException("SLACK_BOT_TOKEN is not set: give the bot token (xoxb-...) from the app's OAuth page"));
        String signingSecret = BotSettings.SLACK_SIGNING_SECRET.read(env).orElse(null);
        if (signingSecret == null && appToken == null) {
            throw new BadInputException("SLACK_SIGNING_SECRET is not set: HTTP mode verifies every request with it"
                    + " (or set SLACK_APP_TOKEN for Socket Mode)");
        }
        return new SlackSettings(botToken, signingSecret, appToken, BotSettings.PORT.get(env).intValue(),
                BotSettings.SLACK_API_URL.read(env).map(SlackSettings::apiUrl).orElse(null));
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

    /** Accepts the base URL (an http(s) URL, {@link BotSettings#SLACK_API_URL}) with or without its {@code /api/} suffix, as people copy either. */
    static String apiUrl(String value) {
        String base = value.replaceAll("/+$", "");
        return base.endsWith("/api") ? base + "/" : base + "/api/";
    }
}
