package io.sparkadvisor.knowledge.derive;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Names from plan text made fit for SQL: a shuffle key that is one plain column, a table name of one to three parts,
 * a storage path; and every one of them quoted with backticks (a backtick inside doubled). Plan text is data an event
 * log's writer controls, so anything else (an expression, parentheses, spaces, comments, quotes, commas, a keyword,
 * control or invisible characters) is refused rather than repaired.
 */
public final class SqlNames {
    /** Spark's unquoted identifier, ASCII only, not starting with a digit. */
    private static final Pattern UNQUOTED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** The SQL-standard words Spark reserves under ANSI mode: never a column or table name unquoted. */
    private static final Set<String> RESERVED = Set.of("ALL", "AND", "ANY", "AS", "AUTHORIZATION", "BOTH", "CASE", "CAST",
            "CHECK", "COLLATE", "COLUMN", "CONSTRAINT", "CREATE", "CROSS", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP",
            "CURRENT_USER", "DELETE", "DESCRIBE", "DISTINCT", "DROP", "ELSE", "END", "ESCAPE", "EXCEPT", "EXISTS", "FALSE",
            "FETCH", "FILTER", "FOR", "FOREIGN", "FROM", "FULL", "GRANT", "GROUP", "HAVING", "IN", "INNER", "INSERT",
            "INTERSECT", "INTO", "IS", "JOIN", "LATERAL", "LEADING", "LEFT", "LIMIT", "MERGE", "NATURAL", "NOT", "NULL",
            "OFFSET", "ON", "ONLY", "OR", "ORDER", "OUTER", "OVERLAPS", "PRIMARY", "REFERENCES", "RIGHT", "SELECT",
            "SESSION_USER", "SOME", "TABLE", "THEN", "TIME", "TO", "TRAILING", "TRUE", "UNION", "UNIQUE", "UNKNOWN", "UPDATE",
            "USER", "USING", "VALUES", "WHEN", "WHERE", "WINDOW", "WITH");
    /** Inside backticks: letters and digits of any script, underscore, hyphen and dollar, as real names use (no {@code --}). */
    private static final Pattern QUOTED_PART = Pattern.compile("[\\p{L}\\p{Nd}_$-]+");

    private SqlNames() {}

    /** The column a shuffle key names ({@code market_id} or {@code `market-id`}, unquoted), or empty when it is anything else. */
    public static Optional<String> column(String key) {
        return key == null ? Optional.empty() : identifier(key);
    }

    /** The parts of a table name of one to three identifiers joined by dots, unquoted; empty for anything else. */
    public static Optional<List<String>> table(String name) {
        if (name == null) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        int from = 0;
        boolean inQuotes = false;
        for (int i = 0; i <= name.length(); i++) {
            if (i < name.length() && name.charAt(i) == '`') {
                inQuotes = !inQuotes;
            } else if (i == name.length() || !inQuotes && name.charAt(i) == '.') {
                Optional<String> part = identifier(name.substring(from, i));
                if (part.isEmpty()) {
                    return Optional.empty();
                }
                parts.add(part.get());
                from = i + 1;
            }
        }
        return parts.size() <= 3 ? Optional.of(List.copyOf(parts)) : Optional.empty();
    }

    /**
     * A storage path as a scan's {@code Location} gives it, when it can stand as a quoted path identifier: a non-blank
     * path with no whitespace other than spaces and no control or invisible characters (which would show one path and
     * read another).
     */
    public static Optional<String> path(String location) {
        if (location == null || location.isBlank() || !location.strip().equals(location)) {
            return Optional.empty();
        }
        boolean clean = location.codePoints().allMatch(c -> c == ' ' || !Character.isWhitespace(c) && !Character.isISOControl(c)
                && Character.getType(c) != Character.FORMAT && Character.getType(c) != Character.UNASSIGNED
                && Character.getType(c) != Character.LINE_SEPARATOR && Character.getType(c) != Character.PARAGRAPH_SEPARATOR
                && Character.getType(c) != Character.PRIVATE_USE);
        return clean ? Optional.of(location) : Optional.empty();
    }

    /** One identifier in backticks, a backtick inside doubled: {@code a`b} becomes {@code `a``b`}. */
    public static String quoted(String part) {
        return "`" + part.replace("`", "``") + "`";
    }

    /** A multi-part name, each part quoted: {@code `main`.`sales`.`orders`}. */
    public static String quoted(List<String> parts) {
        return parts.stream().map(SqlNames::quoted).collect(Collectors.joining("."));
    }

    private static Optional<String> identifier(String text) {
        if (text.length() > 2 && text.startsWith("`") && text.endsWith("`")) {
            String inside = text.substring(1, text.length() - 1);
            return QUOTED_PART.matcher(inside).matches() && !inside.contains("--") ? Optional.of(inside) : Optional.empty();
        }
        boolean plain = UNQUOTED.matcher(text).matches() && !RESERVED.contains(text.toUpperCase(Locale.ROOT));
        return plain ? Optional.of(text) : Optional.empty();
    }
}
