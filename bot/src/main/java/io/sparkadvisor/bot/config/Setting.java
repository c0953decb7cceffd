package io.sparkadvisor.bot.config;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One environment variable the bot reads, declared once (as a {@code Threshold} is) and read
 * through this handle: {@code BotSettings.PORT.get(env)}. A value that does not parse is a
 * {@link BadInputException} naming the variable and the fix; a secret's value is never in it.
 *
 * @param defaultValue the text read when the variable is unset or blank; null when there is none
 * @param doc          what it does, one sentence
 */
public record Setting<T>(String key, Type<T> type, String defaultValue, String doc, boolean secret) {

    /**
     * A kind of value: its name and range as help shows them, and its parser, which returns the
     * typed value of a trimmed text or throws a {@link Rejected} saying what is wrong and how to fix it.
     */
    public record Type<T>(String name, String range, Function<String, T> parser) {}

    /** What is wrong with a value: the words after the variable's name ("is malformed: ..."). */
    public static final class Rejected extends RuntimeException {
        public Rejected(String words) {
            super(words, null, false, false);
        }
    }

    /** The value set, else the default's; empty when neither. */
    public Optional<T> read(Map<String, String> env) {
        String text = env.get(key);
        if (text == null || text.isBlank()) {
            return Optional.ofNullable(defaultValue).map(this::parse);
        }
        return Optional.of(parse(text.trim()));
    }

    /** The value set or the default; for a setting that has one. */
    public T get(Map<String, String> env) {
        return read(env).orElseThrow(() -> new BadInputException(key + " is not set: " + doc));
    }

    private T parse(String text) {
        try {
            return type.parser().apply(text);
        } catch (Rejected e) {
            throw new BadInputException(key + " " + e.getMessage()); // a secret's parser never quotes the value
        }
    }
}
