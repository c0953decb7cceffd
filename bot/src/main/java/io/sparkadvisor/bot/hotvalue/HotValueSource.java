package io.sparkadvisor.bot.hotvalue;

import io.sparkadvisor.databricks.billing.Statement;
import io.sparkadvisor.databricks.catalog.CatalogTable;
import io.sparkadvisor.knowledge.derive.SqlNames;
import io.sparkadvisor.rules.execution.skew.HotValueQuery;
import io.sparkadvisor.rules.execution.skew.SkewRule;
import io.sparkadvisor.templates.replies.HotValueReply;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where a skew finding's hot value can be counted, parsed again here at the edge from the finding's evidence (which
 * is plan text, written by whoever controls the event log): the key as one plain column, and the table as a catalog
 * name of one to three parts (run only once Unity Catalog resolves it) or a Delta table by its scan's own Location.
 * The statement is built from these parts alone, every identifier quoted ({@link HotValueQuery}); the evidence's own
 * {@code hotValueQuery} is never run. Any other source (files of another format, a name that does not parse, rows the
 * job made itself) is not run: its query is given to copy.
 *
 * @param key the column, unquoted
 * @param relation the table's name parts (three once {@link #qualified}), or {@code delta} and the path; empty when unknown
 */
public record HotValueSource(String key, Kind kind, List<String> relation) {
    /** Bytes the result may hold: twenty values and counts fit in far less, so only a pathological value is cut. */
    static final long BYTE_LIMIT = 1L << 20;
    /** What a name of fewer than three parts means in a Spark plan: Spark's session catalog and its default schema. */
    private static final List<String> SESSION_CATALOG = List.of("spark_catalog", "default");

    public enum Kind {
        /** A table by its catalog name. */
        TABLE,
        /** A Delta table read by path: SQL reads it through its transaction log. */
        DELTA_PATH,
        /** Files of another format, a name that does not parse, or no table at all: nothing the warehouse should run. */
        ELSEWHERE
    }

    /** A lookup is offered for a skew finding whose first shuffle key is one plain column. */
    public static boolean offeredFor(String rule, Map<String, Object> evidence) {
        return rule.equals(SkewRule.ID) && column(evidence).isPresent();
    }

    /** The evidence as the bot keeps it: without the query text, which the bot rebuilds from parsed names. */
    public static Map<String, Object> kept(Map<String, Object> evidence) {
        Map<String, Object> kept = new HashMap<>(evidence);
        kept.remove("hotValueQuery");
        return kept;
    }

    /** Fails for evidence that was never offered a lookup ({@link #offeredFor}). */
    public static HotValueSource of(Map<String, Object> evidence) {
        String key = column(evidence).orElseThrow(() -> new IllegalArgumentException("the skew finding's key is not one plain column"));
        String table = text(evidence, "sourceTable");
        String path = text(evidence, "sourcePath");
        Optional<String> format = SqlNames.column(text(evidence, "tableFormat"));
        if (!table.isEmpty()) {
            return SqlNames.table(table).map(parts -> new HotValueSource(key, Kind.TABLE, qualified(parts)))
                    .orElseGet(() -> new HotValueSource(key, Kind.ELSEWHERE, List.of()));
        }
        Optional<List<String>> read = format.flatMap(f -> SqlNames.path(path).map(p -> List.of(f, p)));
        if (read.isPresent()) {
            return new HotValueSource(key, read.get().get(0).equals("delta") ? Kind.DELTA_PATH : Kind.ELSEWHERE, read.get());
        }
        return new HotValueSource(key, Kind.ELSEWHERE, List.of());
    }

    public boolean runnable() {
        return kind != Kind.ELSEWHERE;
    }

    /** The name Unity Catalog is asked about: {@code catalog.schema.table}. */
    String fullName() {
        return String.join(".", relation);
    }

    /** The same source over the table as Unity Catalog spells it: the only name a statement uses. */
    HotValueSource resolved(CatalogTable table) {
        return new HotValueSource(key, kind, table.parts());
    }

    /** The statement to run, which is also the query shown to run by hand. */
    String sql() {
        return relation.isEmpty() ? HotValueQuery.withPlaceholder(key) : HotValueQuery.sql(key, relation);
    }

    Statement statement() {
        return new Statement("the hot-value query", sql(), List.of(), HotValueQuery.ROW_LIMIT, BYTE_LIMIT);
    }

    /** Its name as charts title it: a table's dotted name, a path as SQL reads it ({@code `delta`.`path`}); empty when unknown. */
    public String name() {
        return kind == Kind.TABLE ? fullName() : relation.isEmpty() ? "" : SqlNames.quoted(relation);
    }

    /** How the replies name it: a table's name in a code span (its parts hold no backtick), a path as SQL reads it, or that there is none. */
    String described() {
        if (name().isEmpty()) {
            return "no table the bot can name (the job made the rows itself, or the plan's table name is not a plain catalog name)";
        }
        return kind == Kind.TABLE ? "`" + name() + "`" : name();
    }

    /** The GRANT that lets {@code principal} read it. */
    String grant(String principal) {
        return kind == Kind.TABLE ? HotValueReply.GRANT_TABLE.text("table", SqlNames.quoted(relation), "principal", principal)
                : HotValueReply.GRANT_PATH.text("path", relation.get(1), "principal", principal);
    }

    private static List<String> qualified(List<String> parts) {
        return Stream.concat(SESSION_CATALOG.subList(0, 3 - parts.size()).stream(), parts.stream()).toList();
    }

    private static Optional<String> column(Map<String, Object> evidence) {
        return evidence.get("partitionKeys") instanceof List<?> keys && !keys.isEmpty() ? SqlNames.column(String.valueOf(keys.get(0)))
                : Optional.empty();
    }

    private static String text(Map<String, Object> evidence, String key) {
        return String.valueOf(evidence.getOrDefault(key, ""));
    }
}
