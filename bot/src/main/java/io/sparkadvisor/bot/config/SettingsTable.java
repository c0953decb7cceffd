package io.sparkadvisor.bot.config;

import java.util.List;
import java.util.stream.Collectors;

/** The catalogue as people read it: the lines of {@code serve --help} and the README's markdown table. */
public final class SettingsTable {
    private SettingsTable() {}

    /** One line per setting: key, "Secret." or its default, what it takes, doc (picocli wraps the rest). */
    public static List<String> helpLines() {
        return BotSettings.ALL.stream().map(s -> String.format("  %-34s %s%s. %s", s.key(),
                s.secret() ? "Secret. " : s.defaultValue() == null ? "" : "Default " + s.defaultValue() + ". ", accepts(s), s.doc()))
                .toList();
    }

    /** The README's table, between its settings markers. */
    public static String markdown() {
        return "| Variable | Takes | Default | What it does |\n| --- | --- | --- | --- |\n" + BotSettings.ALL.stream()
                .map(s -> "| `" + s.key() + "` | " + accepts(s) + " | " + (s.secret() ? "secret" : s.defaultValue() == null ? ""
                        : "`" + s.defaultValue() + "`") + " | " + s.doc() + " |")
                .collect(Collectors.joining("\n")) + "\n";
    }

    private static String accepts(Setting<?> s) {
        return s.type().range().isEmpty() ? s.type().name() : s.type().name() + ", " + s.type().range();
    }
}
