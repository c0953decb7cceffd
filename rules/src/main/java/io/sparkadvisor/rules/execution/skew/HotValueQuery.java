package io.sparkadvisor.rules.execution.skew;

import io.sparkadvisor.knowledge.derive.SqlNames;
import io.sparkadvisor.rules.advisor.Messages;
import java.util.List;
import java.util.Map;

/**
 * The query that counts a shuffle key's values in the table its rows came from: the finding shows it, and the bot
 * runs it (over the table's name as Unity Catalog resolved it). Built only from names {@link SqlNames} accepted, every
 * identifier quoted; the row limit is the advisor's own constant, so no text of the plan reaches the SQL unquoted.
 */
public final class HotValueQuery {
    /** Rows the query returns: the top values, enough for a chart, few enough to post. */
    public static final long ROW_LIMIT = 20;

    private HotValueQuery() {}

    /** {@code column} counted in {@code relation}: a table's name parts, or a format and a path ({@code delta}, {@code dbfs:/...}). */
    public static String sql(String column, List<String> relation) {
        return sql(SqlNames.quoted(column), SqlNames.quoted(relation));
    }

    /** The same with the source still unknown: a placeholder to fill by hand. */
    public static String withPlaceholder(String column) {
        return sql(SqlNames.quoted(column), "<table>");
    }

    private static String sql(String quotedColumn, String quotedSource) {
        return Messages.of(SkewRule.ID, Map.of("key", quotedColumn, "source", quotedSource, "limit", ROW_LIMIT)).text("hotValueQuery");
    }
}
