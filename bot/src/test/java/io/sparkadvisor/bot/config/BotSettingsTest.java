package io.sparkadvisor.bot.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The settings catalogue: complete, the only reader of the environment, and its errors name the fix without a secret. */
class BotSettingsTest {
    /** A literal environment variable name read anywhere but through the catalogue. */
    private static final Pattern DIRECT_READ = Pattern.compile("(getenv\\(\"|env\\.get(OrDefault)?\\(\")([A-Z_]+)\"");

    @Test
    void noClassReadsTheEnvironmentButThroughTheCatalogue() throws IOException {
        Path main = Path.of("src/main/java/io/sparkadvisor/bot");
        try (Stream<Path> sources = Files.walk(main)) {
            List<String> direct = sources.filter(p -> p.toString().endsWith(".java") && !p.startsWith(main.resolve("settings")))
                    .flatMap(p -> {
                        Matcher m = DIRECT_READ.matcher(read(p));
                        return m.results().map(r -> main.relativize(p) + " reads " + r.group(3));
                    }).toList();
            assertEquals(List.of(), direct);
        }
    }

    @Test
    void keysAreUniqueAndEveryDefaultParses() {
        assertEquals(BotSettings.ALL.size(), BotSettings.ALL.stream().map(Setting::key).distinct().count());
        BotSettings.check(Map.of()); // every default read through its own type
        assertEquals(3000L, BotSettings.PORT.get(Map.of()));
        assertEquals(Path.of(System.getProperty("user.home"), ".spark-advisor/advisor"), BotSettings.DB_PATH.get(Map.of()));
        assertTrue(BotSettings.ALL.stream().filter(Setting::secret).allMatch(s -> s.defaultValue() == null), "a secret has no default");
    }

    @Test
    void aWrongValueIsOneLineNamingTheSettingAndTheFix() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> BotSettings.check(Map.of("SPARK_ADVISOR_FOLLOWUP_SECONDS", "5m")));
        assertEquals("SPARK_ADVISOR_FOLLOWUP_SECONDS is malformed: \"5m\" is not a whole number from 1 to 86400 (seconds)", e.getMessage());
        assertThrows(BadInputException.class, () -> BotSettings.check(Map.of("SPARK_ADVISOR_FOLLOWUP_SECONDS", "0")));
        assertEquals(Duration.ofSeconds(60), Duration.ofSeconds(BotSettings.FOLLOWUP_SECONDS.get(Map.of("SPARK_ADVISOR_FOLLOWUP_SECONDS", " 60 "))));
        e = assertThrows(BadInputException.class, () -> BotSettings.check(Map.of("SPARK_ADVISOR_LOG_FORMAT", "xml")));
        assertEquals("SPARK_ADVISOR_LOG_FORMAT is malformed: \"xml\" is none of text, json", e.getMessage());
    }

    @Test
    void noErrorQuotesASecret() {
        String marker = "ZZsecretZZ";
        Map<String, String> wrong = Map.of("SLACK_BOT_TOKEN", "xoxp-" + marker, "SLACK_SIGNING_SECRET", marker + " x",
                "SLACK_APP_TOKEN", "xoxb-" + marker, "DATABASE_URL", "mysql://u:" + marker + "@h/db", "SPARK_ADVISOR_HASH_KEY", marker);
        for (Setting<?> secret : BotSettings.ALL.stream().filter(Setting::secret).filter(s -> wrong.containsKey(s.key())).toList()) {
            BadInputException e = assertThrows(BadInputException.class, () -> secret.read(Map.of(secret.key(), wrong.get(secret.key()))));
            assertTrue(e.getMessage().startsWith(secret.key() + " "), e.getMessage());
            assertFalse(e.getMessage().contains(marker), e.getMessage());
        }
        assertEquals(5, wrong.size(), "every secret with a shape is tried");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
