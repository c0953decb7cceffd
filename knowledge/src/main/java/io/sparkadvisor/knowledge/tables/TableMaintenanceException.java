package io.sparkadvisor.knowledge.tables;

/** Bad input: table metadata or predictive optimization history that is not what Databricks returns. The message says which. */
public class TableMaintenanceException extends IllegalArgumentException {
    public TableMaintenanceException(String message) {
        super(message);
    }
}
