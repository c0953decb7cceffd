package io.sparkadvisor.databricks;

import java.util.regex.Pattern;

/**
 * Masks anything shaped like a Databricks credential. Applied to every message we build from
 * server or SDK text, because an error body or a config dump could echo a token back.
 */
public final class Secrets {
    private static final Pattern TOKEN_SHAPES = Pattern.compile(
            "(?i)(bearer\\s+|basic\\s+)\\S+|\\b(dapi|dose|dkea|dsapi)[0-9a-z-]{8,}");

    private Secrets() {
    }

    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        return TOKEN_SHAPES.matcher(text).replaceAll(m -> m.group(1) != null ? m.group(1) + "****" : "****");
    }
}
