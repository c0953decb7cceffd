package io.sparkadvisor.rules.execution.skew;

import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Messages;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The skew finding's code step aimed at its hot value once someone has looked the value up (the bot's "Find the hot
 * value"): the hot key's rows joined apart, with the other side's few rows of that key broadcast, the rest joined as
 * the job does, the two unioned. Salting spreads every key; this touches only the one that is hot.
 */
public final class HotKeyFix {
    /** SQL types whose values are numbers in PySpark code as they are in the statement's JSON result. */
    private static final Set<String> NUMERIC = Set.of("TINYINT", "BYTE", "SMALLINT", "SHORT", "INT", "INTEGER", "BIGINT", "LONG",
            "FLOAT", "DOUBLE", "DECIMAL");

    private HotKeyFix() {}

    /**
     * The PySpark code for a skew finding's evidence ({@link Finding#evidence()}) of a join with keys, {@code value}
     * (null for SQL NULL) being the hot key's value as the Statement Execution API returns it and {@code sqlType} its
     * column's type name; empty for a finding without a join to split.
     */
    public static Optional<String> code(Map<String, Object> e, String value, String sqlType) {
        List<String> keys = strings(e.get("partitionKeys"));
        List<String> left = strings(e.get("leftKeys"));
        List<String> right = strings(e.get("rightKeys"));
        if (keys.isEmpty() || left.isEmpty() || left.size() != right.size()) {
            return Optional.empty();
        }
        boolean sameNames = left.equals(right);
        Map<String, Object> scope = new HashMap<>();
        scope.put("hot", literal(value, sqlType));
        scope.put("leftKey", left.get(0));
        scope.put("rightKey", right.get(0));
        scope.put("onCold", SkewAdvice.on(left, right, sameNames, "lc", "rc", false));
        scope.put("onHot", SkewAdvice.on(left, right, sameNames, "lh", "rh", false));
        scope.put("how", SkewAdvice.how(String.valueOf(e.get("joinType"))));
        // The side without the hot key's mass is the one whose hot rows are few: that one is broadcast.
        scope.put("broadcastRight", !"right".equals(e.get("skewedSide")));
        return Optional.of(Messages.of(SkewRule.ID, scope).text("hotKeySnippet"));
    }

    /** {@code value} as a Python literal: numbers bare, booleans and NULL as Python's, anything else a string Spark casts. */
    static String literal(String value, String sqlType) {
        String type = sqlType == null ? "" : sqlType.toUpperCase(Locale.ROOT);
        if (value == null) {
            return "None";
        }
        if (NUMERIC.contains(type)) {
            return value;
        }
        if (type.equals("BOOLEAN")) {
            return Boolean.parseBoolean(value) ? "True" : "False";
        }
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    private static List<String> strings(Object list) {
        return list instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }
}
