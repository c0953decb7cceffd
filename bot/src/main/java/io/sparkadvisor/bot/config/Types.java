package io.sparkadvisor.bot.config;

import io.sparkadvisor.bot.config.Setting.Rejected;
import io.sparkadvisor.bot.config.Setting.Type;
import java.net.URI;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** The kinds of value a {@link Setting} takes, each with the message that says how to fix a wrong one. */
final class Types {
    private Types() {}

    /** Any text; {@code name} says what it is ("Slack user group id"). */
    static Type<String> text(String name) {
        return new Type<>(name, "", text -> text);
    }

    /** A whole number in [min, max]; {@code unit} says what it counts ("seconds"). */
    static Type<Long> whole(long min, long max, String unit) {
        return new Type<>(unit, min + " to " + max, text -> {
            try {
                long value = Long.parseLong(text);
                if (value >= min && value <= max) {
                    return value;
                }
            } catch (NumberFormatException ignored) {
                // said below, with the range
            }
            throw new Rejected("is malformed: \"" + text + "\" is not a whole number from " + min + " to " + max + " (" + unit + ")");
        });
    }

    static Type<String> oneOf(String... choices) {
        Set<String> accepted = Set.of(choices);
        return new Type<>("choice", String.join(" or ", choices), text -> {
            if (!accepted.contains(text)) {
                throw new Rejected("is malformed: \"" + text + "\" is none of " + String.join(", ", choices));
            }
            return text;
        });
    }

    /** An http(s) URL with a host. */
    static Type<String> httpUrl() {
        return new Type<>("URL", "http:// or https://", text -> {
            URI uri;
            try {
                uri = URI.create(text);
            } catch (IllegalArgumentException e) {
                uri = null;
            }
            if (uri == null || uri.getHost() == null || !(text.startsWith("http://") || text.startsWith("https://"))) {
                throw new Rejected("is malformed: \"" + text + "\" is not an http(s) URL");
            }
            return text;
        });
    }

    /** A file or folder; a leading {@code ~/} is the home folder, as in a shell. */
    static Type<Path> path() {
        return new Type<>("path", "", text -> {
            try {
                return text.startsWith("~/") ? Path.of(System.getProperty("user.home"), text.substring(2)) : Path.of(text);
            } catch (InvalidPathException e) {
                throw new Rejected("is malformed: \"" + text + "\" is not a path (" + e.getReason() + ")");
            }
        });
    }

    /** Comma-separated words, blanks dropped; {@code name} says what they are. */
    static Type<List<String>> list(String name) {
        return new Type<>(name, "comma-separated", text -> Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList());
    }

    /** A token that starts with {@code prefix} and has no white space; {@code name} says what it is. */
    static Type<String> token(String prefix, String name) {
        return new Type<>(name, prefix.isEmpty() ? "no white space" : prefix + "...", text -> {
            if (!text.startsWith(prefix)) {
                throw new Rejected("is malformed: " + name + " starts with " + prefix);
            }
            if (!text.matches("\\S+")) {
                throw new Rejected("is malformed: it contains white space");
            }
            return text;
        });
    }

    /** A secret key of at least {@code minChars} characters. */
    static Type<String> key(int minChars) {
        return new Type<>("key", "at least " + minChars + " characters", text -> {
            if (text.length() < minChars) {
                throw new Rejected("is too short (" + text.length() + " characters): use at least " + minChars
                        + " random characters, e.g. the output of `openssl rand -base64 32`, the same on every replica");
            }
            return text;
        });
    }

    /** PostgreSQL as JDBC or as the usual {@code postgres://user:password@host/db}. */
    static Type<String> postgresUrl() {
        return new Type<>("URL", "jdbc:postgresql: or postgres://", text -> {
            if (!(text.startsWith("jdbc:postgresql:") || text.startsWith("postgres://") || text.startsWith("postgresql://"))) {
                throw new Rejected("is malformed: give a jdbc:postgresql: or postgres:// URL");
            }
            return text;
        });
    }
}
