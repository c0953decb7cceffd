package io.sparkadvisor.databricks.billing;

import java.time.Duration;

/** The SQL warehouse the advisor runs statements on ({@code DATABRICKS_WAREHOUSE_ID}). */
public interface SqlWarehouse {
    String id();

    /** Its state as {@code warehouses/get} says: RUNNING, STARTING, STOPPED, STOPPING, DELETING or DELETED. */
    String state();

    /**
     * Runs the statement (a stopped warehouse starts on it), waiting for it at most {@code budget}; past that it is
     * cancelled and a {@link StatementFailedException} of kind {@link StatementFailedException.Kind#OVER_BUDGET} thrown.
     */
    StatementResult execute(Statement statement, Duration budget);

    /** The identity the statements run as (a user name or a service principal's application id), for the GRANT it lacks. */
    String principal();
}
