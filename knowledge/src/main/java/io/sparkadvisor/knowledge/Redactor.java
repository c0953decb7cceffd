package io.sparkadvisor.knowledge;

import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks credentials in text that came from a workspace (job settings, cluster specs, Spark
 * properties, error bodies, SDK log lines) before it becomes a message, a log line, a cache file or
 * a row. Two nets, because neither is enough alone: by KEY (a property, variable or field whose name
 * says it holds a credential has its value masked, whatever the value looks like), and by VALUE SHAPE
 * (a token, account key or password embedded in a URL is masked wherever it stands). References to a
 * Databricks secret scope ({@code {{secrets/scope/key}}}) hold no secret and are shown as they are.
 */
public final class Redactor {
    public static final String MASK = "****";

    /**
     * Names of keys whose values are credentials: Spark's default {@code spark.redaction.regex}
     * ({@code secret|password|token|access[.]?key}) plus what Databricks and the clouds add: storage
     * account keys ({@code fs.azure.account.key.*}), SAS tokens, credentials and private keys, and
     * environment-variable spellings ({@code DB_PASSWORD}, {@code AWS_SECRET_ACCESS_KEY}, {@code PWD}).
     */
    private static final String KEY_WORDS = "secret|passw(?:or)?d|(?<![a-z])pwd(?![a-z])|token|access[._-]?key|account[._-]?key"
            + "|private[._-]?key|api[._-]?key|credential|(?<![a-z])sas(?![a-z])";
    private static final Pattern SENSITIVE_KEY = Pattern.compile("(?i)" + KEY_WORDS);
    private static final Pattern SECRET_REFERENCE = Pattern.compile("\\{\\{secrets/[^{}\\s]+}}");

    /**
     * A key naming a credential, followed by {@code =} or {@code :} and its value, quoted or bare:
     * {@code password=x} in a JDBC URL, {@code "DB_PASSWORD":"x"} in JSON, {@code token: x} in YAML.
     * Group 1 is everything before the value, which stays.
     */
    private static final Pattern KEYED_VALUE = Pattern.compile("(?i)((?<![\\w.-])[\"']?[\\w.-]*(?:" + KEY_WORDS
            + ")[\\w.-]*[\"']?\\s*[=:]\\s*)(\\{\\{secrets/[^{}\\s]+}}|\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'|[^\\s\"',;&}\\]]+)");

    /** Values that are credentials whatever key they sit under. Group 1, when present, is a prefix that stays. */
    private static final List<Pattern> SECRET_SHAPES = List.of(
            // Authorization headers
            Pattern.compile("(?i)(\\b(?:bearer|basic)\\s+)[^\\s\"&]+"),
            // Databricks personal access tokens and OAuth secrets, Slack tokens, JWTs (OAuth access tokens)
            Pattern.compile("(?i)\\b(?:dapi|dose|dkea|dsapi)[0-9a-z-]{8,}|\\bxox[abprs]-[\\w-]+|\\beyJ[\\w-]+\\.[\\w-]+\\.[\\w-]+"),
            // A password in a URL's authority: scheme://user:password@host
            Pattern.compile("(?i)(\\b[a-z][a-z0-9+.-]*://[^\\s:/@\"']+:)[^\\s@/\"']+(?=@)"),
            // An Azure SAS token's signature
            Pattern.compile("(?i)((?<![\\w-])sig=)[^\\s&\"']+"),
            // PEM private keys (also with escaped line breaks, as in JSON)
            Pattern.compile("-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----", Pattern.DOTALL),
            // AWS access key ids
            Pattern.compile("\\b(?:AKIA|ASIA)[A-Z0-9]{16}\\b"),
            // An Azure storage account key: 64 random bytes in base64
            Pattern.compile("(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{86}=="),
            // An AWS secret access key: 40 base64 characters of mixed case with a digit, '/' or '+' (a SHA-1 in hex is not one)
            Pattern.compile("(?<![A-Za-z0-9+/=])(?=[A-Za-z0-9+/]*[a-z])(?=[A-Za-z0-9+/]*[A-Z])(?=[A-Za-z0-9+/]*[0-9+/])"
                    + "[A-Za-z0-9+/]{40}(?![A-Za-z0-9+/=])"));

    private Redactor() {
    }

    /** Whether a Spark property, environment variable or tag named {@code key} holds a credential. */
    public static boolean isSensitiveKey(String key) {
        return SENSITIVE_KEY.matcher(key).find();
    }

    /** {@code text} with every credential it holds, by key or by shape, replaced by {@link #MASK}; null stays null. */
    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        String masked = KEYED_VALUE.matcher(text).replaceAll(Redactor::maskKeyed);
        for (Pattern shape : SECRET_SHAPES) {
            masked = shape.matcher(masked).replaceAll(m -> Matcher.quoteReplacement(m.groupCount() > 0 && m.group(1) != null
                    ? m.group(1) + MASK : MASK));
        }
        return masked;
    }

    private static String maskKeyed(MatchResult m) {
        String value = m.group(2);
        if (SECRET_REFERENCE.matcher(unquoted(value)).matches()) {
            return Matcher.quoteReplacement(m.group());
        }
        boolean quoted = value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'');
        String mask = quoted ? value.charAt(0) + MASK + value.charAt(0) : MASK;
        return Matcher.quoteReplacement(m.group(1) + mask);
    }

    private static String unquoted(String value) {
        return value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'') ? value.substring(1, value.length() - 1) : value;
    }
}
