package io.sparkadvisor.bot.hotvalue;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.bot.config.BotSettings;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.billing.SqlWarehouse;
import io.sparkadvisor.databricks.billing.StatementFailedException;
import io.sparkadvisor.rules.execution.skew.HotKeyFix;
import io.sparkadvisor.templates.replies.HotValueReply;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Counts a skew finding's key values on the SQL warehouse, within a time budget that includes starting a stopped
 * warehouse, and words the outcome: the hot value and its share with the targeted fix, or what stopped it (no
 * warehouse set, a source SQL cannot read, a table Unity Catalog does not know, a missing grant, the budget) with the
 * query to run by hand.
 */
public final class HotValueLookup {
    private final Workspace workspace;
    private final Duration budget;

    public HotValueLookup(Workspace workspace, Duration budget) {
        this.workspace = workspace;
        this.budget = budget;
    }

    /** {@link BotSettings#HOT_VALUE_SECONDS}: the budget of one lookup, warehouse start included. */
    public static Duration budget(Map<String, String> env) {
        return Duration.ofSeconds(BotSettings.HOT_VALUE_SECONDS.get(env));
    }

    public Duration budget() {
        return budget;
    }

    /** What a lookup came to: the values found, or a reply that says why there are none. */
    public sealed interface Outcome permits Found, Told {}

    /**
     * {@code answer}: the value and its share; {@code fix}: the code step aimed at it, when the finding is a join with
     * keys; {@code source}: the table counted, as Unity Catalog names it.
     */
    public record Found(TopValues top, String answer, Optional<String> fix, String source) implements Outcome {}

    public record Told(String text) implements Outcome {}

    /**
     * Runs the lookup; {@code note} gets the lines worth posting while it runs (started, warehouse starting). A table is
     * first resolved through Unity Catalog: one it does not know runs nothing.
     */
    public Outcome run(HotValueSource planned, Map<String, Object> evidence, Consumer<String> note) {
        if (!planned.runnable()) {
            return new Told(HotValueReply.COPY_SQL.text("key", planned.key(), "source", planned.described(), "sql", planned.sql()));
        }
        Optional<HotValueSource> resolved;
        try {
            resolved = resolved(planned);
        } catch (WorkspaceException e) {
            return new Told(HotValueReply.FAILED.text("reason", e.getMessage(), "sql", planned.sql()));
        }
        return resolved.map(source -> count(source, evidence, note)).orElseGet(() -> new Told(HotValueReply.UNKNOWN_TABLE.text(
                "table", planned.fullName(), "sql", planned.sql())));
    }

    private Outcome count(HotValueSource source, Map<String, Object> evidence, Consumer<String> note) {
        Optional<SqlWarehouse> warehouse = workspace.warehouse();
        if (warehouse.isEmpty()) {
            return new Told(HotValueReply.NO_WAREHOUSE.text("sql", source.sql()));
        }
        SqlWarehouse w = warehouse.get();
        note.accept(HotValueReply.RUNNING.text("key", source.key(), "source", source.described(), "warehouse", w.id(),
                "seconds", budget.toSeconds()));
        try {
            String state = w.state();
            if (!state.equals("RUNNING")) {
                note.accept(HotValueReply.WAREHOUSE_STARTING.text("warehouse", w.id(), "state", state.toLowerCase(Locale.ROOT),
                        "seconds", budget.toSeconds()));
            }
            return TopValues.of(source.key(), w.execute(source.statement(), budget)).<Outcome>map(top -> found(source, evidence, top))
                    .orElseGet(() -> new Told(HotValueReply.NO_ROWS.text("source", source.described(), "sql", source.sql())));
        } catch (StatementFailedException e) {
            return new Told(failure(source, w, e));
        } catch (WorkspaceException e) {
            return new Told(HotValueReply.FAILED.text("reason", e.getMessage(), "sql", source.sql()));
        }
    }

    /** The statement again, for the follow-up; empty when it cannot run or fails (the follow-up's verdict stands without it). */
    public Optional<TopValues> again(HotValueSource planned) {
        Optional<SqlWarehouse> warehouse = workspace.warehouse().filter(w -> planned.runnable());
        Optional<HotValueSource> source = warehouse.flatMap(w -> resolved(planned));
        return source.flatMap(s -> TopValues.of(s.key(), warehouse.get().execute(s.statement(), budget)));
    }

    /** A table as Unity Catalog names it, empty when it knows no such table; a Delta path as the scan gave it. */
    private Optional<HotValueSource> resolved(HotValueSource source) {
        return source.kind() == HotValueSource.Kind.TABLE ? workspace.table(source.fullName()).map(source::resolved) : Optional.of(source);
    }

    private static Found found(HotValueSource source, Map<String, Object> evidence, TopValues top) {
        TopValues.Value hot = top.hot();
        String next = top.values().size() > 1 ? TopValues.percent(top.share(top.values().get(1))) : null;
        String answer = HotValueReply.FOUND.text("key", source.key(), "value", TopValues.shown(hot.value()), "share",
                TopValues.percent(top.share(hot)), "next", next, "rows", String.format(Locale.ROOT, "%,d", hot.rows()),
                "source", source.described(), "truncated", top.truncated());
        Optional<String> fix = HotKeyFix.code(evidence, hot.value(), top.valueType()).map(code -> HotValueReply.TARGETED_FIX.text(
                "key", source.key(), "value", TopValues.shown(hot.value()), "code", code));
        return new Found(top, answer, fix, source.name());
    }

    private String failure(HotValueSource source, SqlWarehouse w, StatementFailedException e) {
        return switch (e.kind()) {
            case MISSING_PRIVILEGE -> HotValueReply.MISSING_SELECT.text("principal", principal(w), "source", source.described(),
                    "grant", source.grant(principal(w)), "sql", source.sql());
            case NO_WAREHOUSE_ACCESS -> HotValueReply.NO_WAREHOUSE_ACCESS.text("reason", e.getMessage(), "sql", source.sql());
            case OVER_BUDGET -> HotValueReply.OVER_BUDGET.text("seconds", budget.toSeconds(), "warehouse", w.id(), "sql", source.sql());
            case NOT_FOUND, OTHER -> HotValueReply.FAILED.text("reason", e.getMessage(), "sql", source.sql());
        };
    }

    /** The identity to grant to; a placeholder when even that cannot be read. */
    private static String principal(SqlWarehouse w) {
        try {
            return w.principal();
        } catch (WorkspaceException e) {
            return "<the bot's identity>";
        }
    }
}
