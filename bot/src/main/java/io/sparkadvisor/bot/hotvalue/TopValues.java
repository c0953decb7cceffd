package io.sparkadvisor.bot.hotvalue;

import io.sparkadvisor.databricks.billing.StatementResult;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The answer of the hot-value query: the key's most frequent values with their row counts, out of all the table's
 * rows ({@code all_rows}, the same on every row).
 *
 * @param valueType the key column's type name as the API gives it (INT, LONG, STRING...)
 * @param truncated the byte limit cut the result
 */
public record TopValues(String key, List<Value> values, long allRows, String valueType, boolean truncated) {
    /** One value (null for SQL NULL) and its rows. */
    public record Value(String value, long rows) {}

    /** Empty when the table had no rows. */
    static Optional<TopValues> of(String key, StatementResult result) {
        if (result.rows().isEmpty()) {
            return Optional.empty();
        }
        List<Value> values = result.rows().stream().map(r -> new Value(r.get(0), Long.parseLong(r.get(1)))).toList();
        long all = Long.parseLong(result.rows().get(0).get(2));
        return Optional.of(new TopValues(key, values, all, result.types().get(0), result.truncated()));
    }

    public Value hot() {
        return values.get(0);
    }

    public double share(Value v) {
        return (double) v.rows() / Math.max(1, allRows);
    }

    /** The first value listed that passes {@code test} (the value found before, known by its hash). */
    public Optional<Value> first(Predicate<String> test) {
        return values.stream().filter(v -> test.test(v.value())).findFirst();
    }

    /** "38%"; "1.2%" below ten percent, where the tenth tells two small values apart; "under 0.1%" below that. */
    public static String percent(double share) {
        if (share < 0.001) {
            return "under 0.1%";
        }
        return String.format(Locale.ROOT, share >= 0.1 ? "%.0f%%" : "%.1f%%", share * 100);
    }

    /** The value as the replies quote it. */
    public static String shown(String value) {
        return value == null ? "NULL" : value;
    }
}
