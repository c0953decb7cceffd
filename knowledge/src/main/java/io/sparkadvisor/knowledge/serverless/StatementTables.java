package io.sparkadvisor.knowledge.serverless;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * The tables a statement reads and writes, parsed from its SQL text (query history's {@code statement_text}) by JSqlParser.
 * The text is workspace data: only the parsed names are kept, and only names whose every part is an identifier (letters,
 * digits, underscores, hyphens); a path read ({@code delta.`/mnt/...`}), a statement the parser does not take, or text
 * longer than {@link #MAX_TEXT} leaves both lists empty, as a statement without text does.
 *
 * @param read the tables it reads, lower case, parts joined by dots (one to three parts, as written); a MERGE, UPDATE or
 *        DELETE reads the table it writes too
 * @param written the tables it writes (INSERT, MERGE, UPDATE, DELETE, CREATE TABLE ... AS)
 */
public record StatementTables(List<String> read, List<String> written) {
    public static final StatementTables NONE = new StatementTables(List.of(), List.of());
    /** Longer text is not parsed: generated statements of this size name no table a rule could advise on alone. */
    static final int MAX_TEXT = 100_000;
    private static final long PARSE_TIMEOUT_MS = 2_000;
    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_]*");
    private static final Pattern PART = Pattern.compile("[\\p{L}\\p{N}_-]{1,255}");

    public StatementTables {
        read = List.copyOf(read);
        written = List.copyOf(written);
    }

    /** The tables of {@code sql}; {@link #NONE} when it is empty, too long or not parsed. */
    public static StatementTables of(String sql) {
        if (sql == null || sql.isBlank() || sql.length() > MAX_TEXT) {
            return NONE;
        }
        Statement statement;
        try {
            statement = CCJSqlParserUtil.parse(sql, parser -> parser.withTimeOut(PARSE_TIMEOUT_MS));
        } catch (Exception | StackOverflowError notParsed) {
            return NONE; // Databricks dialect the parser lacks (INSERT OVERWRITE, MERGE ... SET *): the statement keeps its id only
        }
        Set<String> all = new LinkedHashSet<>();
        new TablesNamesFinder<Void>().getTables(statement).forEach(t -> name(t).ifPresent(all::add));
        List<String> written = target(statement).map(Table::getFullyQualifiedName).flatMap(StatementTables::name).stream().toList();
        boolean readsTarget = statement instanceof Merge || statement instanceof Update || statement instanceof Delete;
        List<String> read = new ArrayList<>(all);
        if (!readsTarget) {
            read.removeAll(written);
        }
        return new StatementTables(read, written);
    }

    /** The one table the statement reads, when it reads exactly one. */
    public Optional<String> onlyRead() {
        return read.size() == 1 ? Optional.of(read.get(0)) : Optional.empty();
    }

    /** {@code name} as SQL text: a part that is not a plain identifier (a hyphen in it) in backticks. */
    public static String quoted(String name) {
        return Arrays.stream(name.split("\\.")).map(p -> PLAIN.matcher(p).matches() ? p : "`" + p + "`")
                .collect(Collectors.joining("."));
    }

    private static Optional<Table> target(Statement statement) {
        Table table = statement instanceof Insert i ? i.getTable() : statement instanceof Merge m ? m.getTable()
                : statement instanceof Update u ? u.getTable() : statement instanceof Delete d ? d.getTable()
                : statement instanceof CreateTable c && c.getSelect() != null ? c.getTable() : null;
        return Optional.ofNullable(table);
    }

    /** {@code a.b.c} from the parser's name, each part unquoted and checked; empty for anything that is not a table name. */
    static Optional<String> name(String qualified) {
        List<String> parts = new ArrayList<>();
        for (String part : qualified.split("\\.", -1)) {
            String bare = part.length() > 1 && part.startsWith("`") && part.endsWith("`") ? part.substring(1, part.length() - 1) : part;
            if (!PART.matcher(bare).matches()) {
                return Optional.empty();
            }
            parts.add(bare.toLowerCase(Locale.ROOT));
        }
        return parts.size() <= 3 ? Optional.of(String.join(".", parts)) : Optional.empty();
    }
}
