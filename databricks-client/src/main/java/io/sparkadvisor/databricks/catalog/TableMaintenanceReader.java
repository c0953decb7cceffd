package io.sparkadvisor.databricks.catalog;

import com.databricks.sdk.service.catalog.TableInfo;
import io.sparkadvisor.databricks.WorkspaceSource;
import io.sparkadvisor.databricks.billing.SqlParameter;
import io.sparkadvisor.databricks.billing.SqlWarehouse;
import io.sparkadvisor.databricks.billing.Statement;
import io.sparkadvisor.databricks.billing.StatementFailedException;
import io.sparkadvisor.databricks.billing.StatementResult;
import io.sparkadvisor.knowledge.facts.TableMaintenance;
import io.sparkadvisor.knowledge.tables.TableMaintenances;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether predictive optimization maintains a table, before any layout advice on it: Unity Catalog's {@code tables/get}
 * (table type, effective predictive optimization flag) and, for a table it maintains, its last OPTIMIZE from
 * {@code system.storage.predictive_optimization_operations_history} through the Statement Execution API, the table's
 * name parts as parameters. History the advisor may not read leaves the last run unknown, not the analysis stopped.
 */
public final class TableMaintenanceReader {
    static final String HISTORY = "system.storage.predictive_optimization_operations_history";
    static final String SQL = "SELECT operation_type, operation_status, end_time FROM " + HISTORY
            + " WHERE catalog_name = :catalog AND schema_name = :schema AND table_name = :table"
            + " AND operation_type IN ('COMPACTION', 'CLUSTERING') AND operation_status = 'SUCCESSFUL'"
            + " ORDER BY end_time DESC LIMIT 1";

    private final WorkspaceSource workspace;
    private final SqlWarehouse warehouse;
    private final Duration budget;

    public TableMaintenanceReader(WorkspaceSource workspace, SqlWarehouse warehouse, Duration budget) {
        this.workspace = workspace;
        this.warehouse = warehouse;
        this.budget = budget;
    }

    /** The table's maintenance; empty when Unity Catalog has no such table. */
    public Optional<TableMaintenance> read(String fullName) {
        return workspace.table(fullName).map(this::of);
    }

    private TableMaintenance of(TableInfo info) {
        String type = Objects.toString(info.getTableType(), "");
        String flag = Optional.ofNullable(info.getEffectivePredictiveOptimizationFlag()).map(f -> Objects.toString(f.getValue(), "")).orElse("");
        CatalogTable table = CatalogTable.of(info);
        StatementResult history = "ENABLE".equals(flag) ? history(table) : new StatementResult(List.of(), List.of(), List.of(), false);
        return TableMaintenances.of(table.fullName(), table.storageLocation(), type, flag, history.columns(), history.rows(), HISTORY);
    }

    private StatementResult history(CatalogTable table) {
        Statement statement = new Statement("predictive optimization history of " + table.fullName(), SQL, List.of(
                new SqlParameter("catalog", table.catalog(), "STRING"), new SqlParameter("schema", table.schema(), "STRING"),
                new SqlParameter("table", table.name(), "STRING")), 1L, null);
        try {
            return warehouse.execute(statement, budget);
        } catch (StatementFailedException e) {
            return new StatementResult(List.of(), List.of(), List.of(), false); // the flag decides; only "when" is unknown
        }
    }
}
