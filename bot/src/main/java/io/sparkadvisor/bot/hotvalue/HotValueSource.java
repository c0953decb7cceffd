package io.sparkadvisor.bot.hotvalue;

import io.sparkadvisor.databricks.billing.Statement;
import io.sparkadvisor.rules.execution.skew.SkewRule;
import io.sparkadvisor.templates.replies.HotValueReply;
import java.util.List;
import java.util.Map;

/**
 * Where a skew finding's hot value can be counted, from its evidence: the key, the table the plan read it from (by
 * catalog name, or a Delta table by path as {@code delta.`path`}) and the query that counts it. Any other source (a
 * path in another format, or rows the job made itself) is not run: its query is given to copy.
 */
public record HotValueSource(String key, String relation, Kind kind, String sql) {
    /** Rows the statement may return: the query's own LIMIT, enforced by the API too (a result past it is marked truncated). */
    static final long ROW_LIMIT = 20;
    /** Bytes the result may hold: twenty values and counts fit in far less, so only a pathological value is cut. */
    static final long BYTE_LIMIT = 1L << 20;

    public enum Kind {
        /** A table by its catalog name. */
        TABLE,
        /** A Delta table read by path: SQL reads it through its transaction log. */
        DELTA_PATH,
        /** Files of another format, or no table at all: nothing the warehouse should run. */
        ELSEWHERE
    }

    /** The rule that finds a hot value to look up: a skew finding with a shuffle key. */
    public static boolean offeredFor(String rule, Map<String, Object> evidence) {
        return rule.equals(SkewRule.ID) && !strings(evidence.get("partitionKeys")).isEmpty();
    }

    public static HotValueSource of(Map<String, Object> evidence) {
        String key = strings(evidence.get("partitionKeys")).get(0);
        String table = String.valueOf(evidence.getOrDefault("sourceTable", ""));
        String path = String.valueOf(evidence.getOrDefault("sourcePath", ""));
        String format = String.valueOf(evidence.getOrDefault("tableFormat", ""));
        String sql = String.valueOf(evidence.get("hotValueQuery"));
        if (!table.isEmpty()) {
            return new HotValueSource(key, table, Kind.TABLE, sql);
        }
        if (!path.isEmpty()) {
            return new HotValueSource(key, format + ".`" + path + "`", format.equals("delta") ? Kind.DELTA_PATH : Kind.ELSEWHERE, sql);
        }
        return new HotValueSource(key, "", Kind.ELSEWHERE, sql);
    }

    public boolean runnable() {
        return kind != Kind.ELSEWHERE;
    }

    Statement statement() {
        return new Statement("the hot-value query", sql, List.of(), ROW_LIMIT, BYTE_LIMIT);
    }

    /** How the replies name it: a table's name in a code span, a path read through its format as SQL writes it, or that there is none. */
    String described() {
        return relation.isEmpty() ? "no table (the job made the rows itself)" : kind == Kind.TABLE ? "`" + relation + "`" : relation;
    }

    /** The GRANT that lets {@code principal} read it. */
    String grant(String principal) {
        return kind == Kind.TABLE ? HotValueReply.GRANT_TABLE.text("table", relation, "principal", principal)
                : HotValueReply.GRANT_PATH.text("path", relation.substring(relation.indexOf('`') + 1, relation.length() - 1),
                        "principal", principal);
    }

    private static List<String> strings(Object list) {
        return list instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }
}
