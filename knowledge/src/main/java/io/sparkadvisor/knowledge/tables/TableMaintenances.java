package io.sparkadvisor.knowledge.tables;

import io.sparkadvisor.knowledge.facts.TableMaintenance;
import io.sparkadvisor.knowledge.machines.NodeTimelineRows;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A table's Unity Catalog metadata and its rows of {@code system.storage.predictive_optimization_operations_history}
 * into {@link TableMaintenance}: one reading for the workspace and for {@code analyze --table-maintenance}.
 */
public final class TableMaintenances {
    /** The operations that rewrite files as OPTIMIZE does: compaction, and clustering of a liquid-clustered table. */
    static final Set<String> OPTIMIZE_OPERATIONS = Set.of("COMPACTION", "CLUSTERING");

    private TableMaintenances() {}

    /**
     * @param tableType tables/get's table_type (MANAGED, EXTERNAL, ...)
     * @param effectiveFlag the value of tables/get's effective_predictive_optimization_flag (ENABLE, DISABLE), "" when absent
     * @param columns and {@code rows}: the table's operations history (operation_type, operation_status, end_time at least)
     */
    public static TableMaintenance of(String fullName, String location, String tableType, String effectiveFlag,
            List<String> columns, List<List<String>> rows, String origin) {
        return new TableMaintenance(fullName, location, "MANAGED".equalsIgnoreCase(tableType), "ENABLE".equalsIgnoreCase(effectiveFlag),
                lastOptimize(columns, rows, origin));
    }

    private static Optional<Long> lastOptimize(List<String> columns, List<List<String>> rows, String origin) {
        Map<String, Integer> at = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            at.put(columns.get(i).toLowerCase(Locale.ROOT), i);
        }
        for (String needed : List.of("operation_type", "operation_status", "end_time")) {
            if (!rows.isEmpty() && !at.containsKey(needed)) {
                throw new TableMaintenanceException(origin + " lacks the column " + needed
                        + " of system.storage.predictive_optimization_operations_history");
            }
        }
        return rows.stream()
                .filter(r -> OPTIMIZE_OPERATIONS.contains(String.valueOf(r.get(at.get("operation_type"))).toUpperCase(Locale.ROOT)))
                .filter(r -> "SUCCESSFUL".equalsIgnoreCase(String.valueOf(r.get(at.get("operation_status")))))
                .map(r -> endMs(r.get(at.get("end_time")), origin))
                .max(Long::compare);
    }

    private static long endMs(String value, String origin) {
        try {
            return NodeTimelineRows.timestamp(value, origin + ": end_time");
        } catch (IllegalArgumentException e) {
            throw new TableMaintenanceException(e.getMessage());
        }
    }
}
