package io.sparkadvisor.bot.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's settings table and {@code serve --help} say what the catalogue declares. */
class SettingsReadmeTest {
    private static final String START = "<!-- settings:start -->\n";
    private static final String END = "<!-- settings:end -->";

    @Test
    void theReadmeTableIsTheCatalogue() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        int start = readme.indexOf(START);
        int end = readme.indexOf(END);
        assertTrue(start >= 0 && end > start, "README.md has the settings markers");
        assertEquals(SettingsTable.markdown(), readme.substring(start + START.length(), end),
                "README.md's settings table drifted from BotSettings: paste this between its markers");
    }

    @Test
    void serveHelpListsEverySettingAndNoSecretDefault() {
        StringWriter out = new StringWriter();
        assertEquals(0, Main.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "serve", "--help"));
        String help = out.toString();
        for (Setting<?> s : BotSettings.ALL) {
            String line = help.lines().filter(l -> l.trim().startsWith(s.key() + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError(s.key() + " is not in serve --help:\n" + help));
            assertEquals(s.secret(), line.contains("Secret."), line);
            if (s.defaultValue() != null) {
                assertTrue(line.contains("Default " + s.defaultValue()), line);
            }
        }
        assertFalse(help.contains("xoxb-test"), "help shows no value");
    }
}
