package io.sparkadvisor.knowledge.facts;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether Databricks maintains a table's layout itself: its Unity Catalog metadata ({@code tables/get}) and
 * predictive optimization's history ({@code system.storage.predictive_optimization_operations_history}). Predictive
 * optimization runs OPTIMIZE, VACUUM and ANALYZE on Unity Catalog managed tables where its effective flag is ENABLE.
 *
 * @param table {@code catalog.schema.name} as Unity Catalog spells it
 * @param location the table's storage location ("" when not given)
 * @param managed a Unity Catalog managed table (table_type MANAGED)
 * @param predictiveOptimization its effective predictive optimization flag is ENABLE
 * @param lastOptimizeMs when predictive optimization last finished an OPTIMIZE on it (a COMPACTION or CLUSTERING
 *        operation that succeeded), epoch milliseconds; empty when its history shows none (yet: it arrives within hours)
 */
public record TableMaintenance(String table, String location, boolean managed, boolean predictiveOptimization,
        Optional<Long> lastOptimizeMs) {

    /** Databricks runs OPTIMIZE on this table itself: advice to run it is noise. */
    public boolean optimizedByDatabricks() {
        return managed && predictiveOptimization;
    }

    /**
     * Whether a plan's table name (two or three parts, maybe quoted with backticks, in any case) or a scan's location
     * names this table.
     */
    public boolean names(String planTable, List<String> locations) {
        String plan = planTable.replace("`", "").toLowerCase(Locale.ROOT);
        String mine = table.toLowerCase(Locale.ROOT);
        boolean byName = !plan.isEmpty() && (plan.equals(mine) || mine.endsWith("." + plan) && plan.contains("."));
        return byName || !location.isEmpty() && locations.stream().anyMatch(l -> trimmed(l).equals(trimmed(location)));
    }

    private static String trimmed(String path) {
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** The first of {@code tables} that names the plan's table or location. */
    public static Optional<TableMaintenance> of(List<TableMaintenance> tables, String planTable, List<String> locations) {
        return tables.stream().filter(t -> t.names(planTable, locations)).findFirst();
    }
}
