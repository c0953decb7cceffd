package io.sparkadvisor.databricks;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks anything shaped like a Databricks credential. Applied to every message we build from
 * server or SDK text, because an error body or a config dump could echo a token back.
 */
public final class Secrets {
    private static final Pattern TOKEN_SHAPES = Pattern.compile("(?i)"
            // Authorization headers, and JSON or form fields holding a credential
            + "(bearer\\s+|basic\\s+|\"(?:access_token|refresh_token|id_token|client_secret|token_value)\"\\s*:\\s*\""
            + "|(?:client_secret|access_token)=)[^\\s\"&]+"
            // Databricks personal access tokens and OAuth secrets, and JWTs (OAuth access tokens)
            + "|\\b(?:dapi|dose|dkea|dsapi)[0-9a-z-]{8,}|\\beyJ[\\w-]+\\.[\\w-]+\\.[\\w-]+");

    private Secrets() {
    }

    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        return TOKEN_SHAPES.matcher(text).replaceAll(m -> Matcher.quoteReplacement(m.group(1) != null ? m.group(1) + "****" : "****"));
    }
}
