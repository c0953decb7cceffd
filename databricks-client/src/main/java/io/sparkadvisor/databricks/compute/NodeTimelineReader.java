package io.sparkadvisor.databricks.compute;

import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.billing.SqlParameter;
import io.sparkadvisor.databricks.billing.SqlWarehouse;
import io.sparkadvisor.databricks.billing.Statement;
import io.sparkadvisor.databricks.billing.StatementFailedException;
import io.sparkadvisor.databricks.billing.StatementResult;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import io.sparkadvisor.knowledge.machines.NodeTimelineRows;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The rows of {@code system.compute.node_timeline} (one per node per minute) for a run's cluster over the run's window,
 * through the Statement Execution API on the advisor's SQL warehouse; the cluster id and the window are parameters,
 * never spliced into the SQL. No rows yet (the table fills days after a run), a grant the advisor lacks or a system
 * schema not enabled give facts that say so: the analysis goes on from the event log.
 */
public final class NodeTimelineReader {
    static final String TABLE = "system.compute.node_timeline";
    static final String SQL = "SELECT instance_id, driver, start_time, end_time, cpu_user_percent, cpu_system_percent,"
            + " cpu_wait_percent, mem_used_percent FROM " + TABLE
            + " WHERE cluster_id = :cluster_id AND start_time <= :window_end AND end_time > :window_start"
            + " ORDER BY start_time, instance_id";
    /** Two days of a 60-node cluster's minutes: the statement stays bounded, and a longer run is read from its start. */
    static final long ROW_LIMIT = 200_000;

    private final SqlWarehouse warehouse;
    private final Duration budget;

    public NodeTimelineReader(SqlWarehouse warehouse, Duration budget) {
        this.warehouse = warehouse;
        this.budget = budget;
    }

    /** The machines' view of cluster {@code clusterId} over {@code [startMs, endMs]}. */
    public NodeTimelineFacts read(String clusterId, long startMs, long endMs) {
        Statement statement = new Statement("node_timeline of cluster " + clusterId, SQL, List.of(
                new SqlParameter("cluster_id", clusterId, "STRING"),
                new SqlParameter("window_start", Instant.ofEpochMilli(startMs).toString(), "TIMESTAMP"),
                new SqlParameter("window_end", Instant.ofEpochMilli(endMs).toString(), "TIMESTAMP")), ROW_LIMIT, null);
        try {
            StatementResult result = warehouse.execute(statement, budget);
            return NodeTimelineRows.facts(result.columns(), result.rows(), startMs, endMs, TABLE);
        } catch (StatementFailedException e) {
            return NodeTimelineFacts.unreadable(switch (e.kind()) {
                case MISSING_PRIVILEGE -> "the advisor's identity (" + principal() + ") may not read " + TABLE + ": grant it USE CATALOG"
                        + " on system, USE SCHEMA on system.compute and SELECT on " + TABLE;
                case NOT_FOUND -> TABLE + " is not there: an account admin enables the system schema compute"
                        + " (Unity Catalog, system tables) for this metastore";
                default -> TABLE + " could not be read (" + e.getMessage() + ")";
            });
        } catch (WorkspaceException e) {
            // The warehouse refused the statement or did not answer: the run is still judged from its log.
            return NodeTimelineFacts.unreadable(TABLE + " could not be read (" + e.getMessage() + ")");
        }
    }

    private String principal() {
        try {
            return warehouse.principal();
        } catch (WorkspaceException e) {
            return "unknown";
        }
    }
}
