package io.sparkadvisor.bot.slack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The app manifest people install from asks for what the bot handles and calls, no more. */
class SlackAppManifestTest {
    /** Every Web API method the bot calls (FakeSlackApi answers these), with the bot scope Slack requires for it. */
    static final Map<String, String> SCOPE_OF_METHOD = Map.ofEntries(Map.entry("chat.postMessage", "chat:write"),
            Map.entry("chat.update", "chat:write"), Map.entry("chat.postEphemeral", "chat:write"),
            Map.entry("files.getUploadURLExternal", "files:write"), Map.entry("files.completeUploadExternal", "files:write"),
            Map.entry("usergroups.users.list", "usergroups:read"), Map.entry("conversations.info", "channels:read"),
            Map.entry("users.info", "users:read"), Map.entry("conversations.open", "im:write"));
    /**
     * Scopes that widen what a method answers: conversations.info of a private channel needs groups:read, and
     * users.info gives the profile's email only with users:read.email.
     */
    static final Set<String> SCOPES_OF_FIELDS = Set.of("groups:read", "users:read.email");
    /** The events SlackBot subscribes to, with their scopes; the slash command needs "commands". */
    static final Map<String, String> SCOPE_OF_EVENT = Map.of("app_mention", "app_mentions:read", "message.im", "im:history");

    @Test
    void theManifestMatchesTheCommandTheEventsAndTheCallsOfTheBot() throws Exception {
        JsonNode manifest = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(manifestFile()));

        JsonNode command = manifest.path("features").path("slash_commands").get(0);
        assertEquals(SlackBot.COMMAND, command.path("command").asText());
        assertTrue(command.path("should_escape").asBoolean(), "`digest subscribe #data` must arrive as <#C123|data>");
        Set<String> events = new HashSet<>();
        manifest.path("settings").path("event_subscriptions").path("bot_events").forEach(e -> events.add(e.asText()));
        assertEquals(SCOPE_OF_EVENT.keySet(), events);
        assertTrue(manifest.path("settings").path("interactivity").path("is_enabled").asBoolean(), "Approve, Reject and Roll back");
        JsonNode appHome = manifest.path("features").path("app_home");
        assertTrue(appHome.path("messages_tab_enabled").asBoolean(), "message.im needs the Messages tab");
        assertTrue(appHome.path("messages_tab_read_only_enabled").isBoolean()
                && !appHome.path("messages_tab_read_only_enabled").asBoolean(), "a read-only Messages tab refuses DMs");
        for (JsonNode url : new JsonNode[] {command.path("url"), manifest.path("settings").path("event_subscriptions").path("request_url"),
                manifest.path("settings").path("interactivity").path("request_url")}) {
            assertTrue(url.asText().endsWith("/slack/events"), url.asText());
        }

        Set<String> scopes = new HashSet<>();
        manifest.path("oauth_config").path("scopes").path("bot").forEach(s -> scopes.add(s.asText()));
        Set<String> needed = new HashSet<>(SCOPE_OF_METHOD.values());
        needed.addAll(SCOPE_OF_EVENT.values());
        needed.add("commands");
        needed.addAll(SCOPES_OF_FIELDS);
        assertEquals(needed, scopes, "every scope used, and none more");
    }

    private static Path manifestFile() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("slack-app-manifest.yaml");
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new AssertionError("slack-app-manifest.yaml not found above " + Path.of("").toAbsolutePath());
    }
}
