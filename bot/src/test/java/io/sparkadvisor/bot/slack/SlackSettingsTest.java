package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code serve}'s settings: each missing or malformed one is named in one line, secrets never echoed. */
class SlackSettingsTest {
    private static final Map<String, String> HTTP = Map.of("SLACK_BOT_TOKEN", "xoxb-1-secret", "SLACK_SIGNING_SECRET", "s3cr3t");

    @Test
    void httpModeNeedsTheBotTokenAndTheSigningSecret() {
        SlackSettings settings = SlackSettings.fromEnvironment(HTTP);
        assertEquals(3000, settings.port());
        assertFalse(settings.socketMode());
        assertFalse(settings.toString().contains("secret") || settings.toString().contains("s3cr3t"), settings.toString());
        assertEquals("SLACK_SIGNING_SECRET is not set", message(Map.of("SLACK_BOT_TOKEN", "xoxb-1")).split(":")[0]);
        assertEquals("SLACK_BOT_TOKEN is not set", message(Map.of("SLACK_SIGNING_SECRET", "s")).split(":")[0]);
    }

    @Test
    void malformedValuesAreNamedWithoutEchoingSecrets() {
        assertTrue(message(with("SLACK_BOT_TOKEN", "xoxp-user-secret")).startsWith("SLACK_BOT_TOKEN is malformed"));
        assertFalse(message(with("SLACK_BOT_TOKEN", "xoxp-user-secret")).contains("user-secret"));
        assertTrue(message(with("PORT", "80a")).startsWith("PORT is malformed"));
        assertTrue(message(with("PORT", "70000")).startsWith("PORT is malformed"));
        assertTrue(message(with("SLACK_API_URL", "localhost:3000")).startsWith("SLACK_API_URL is malformed"));
        assertTrue(message(with("SLACK_APP_TOKEN", "xoxb-wrong")).startsWith("SLACK_APP_TOKEN is malformed"));
    }

    @Test
    void socketModeNeedsNoSigningSecretNorPort() {
        SlackSettings settings = SlackSettings.fromEnvironment(Map.of("SLACK_BOT_TOKEN", "xoxb-1", "SLACK_APP_TOKEN", "xapp-1"));
        assertTrue(settings.socketMode());
    }

    @Test
    void theApiUrlMayEndWithApiOrNot() {
        assertEquals("http://127.0.0.1:9/api/", SlackSettings.apiUrl("http://127.0.0.1:9"));
        assertEquals("http://127.0.0.1:9/api/", SlackSettings.apiUrl("http://127.0.0.1:9/"));
        assertEquals("http://127.0.0.1:9/api/", SlackSettings.apiUrl("http://127.0.0.1:9/api"));
        assertEquals("https://slack.example/api/", SlackSettings.apiUrl("https://slack.example/api/"));
    }

    @Test
    void serveWithoutSettingsExitsWithOneLineNamingTheFirstMissingOne() {
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err, true), "serve");
        if (System.getenv("SLACK_BOT_TOKEN") == null) {
            assertEquals(2, code);
            assertEquals(1, err.toString().lines().count(), err.toString());
            assertTrue(err.toString().contains("SLACK_BOT_TOKEN is not set"), err.toString());
        }
    }

    private static Map<String, String> with(String name, String value) {
        Map<String, String> env = new HashMap<>(HTTP);
        env.put(name, value);
        return env;
    }

    private static String message(Map<String, String> env) {
        return assertThrows(BadInputException.class, () -> SlackSettings.fromEnvironment(env)).getMessage();
    }
}
