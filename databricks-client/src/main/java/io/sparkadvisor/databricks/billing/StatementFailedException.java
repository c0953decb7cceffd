package io.sparkadvisor.databricks.billing;

import io.sparkadvisor.databricks.WorkspaceException;

/** The warehouse ran the statement and reported FAILED, CANCELED or CLOSED, or it did not finish in time. */
public class StatementFailedException extends WorkspaceException {
    public StatementFailedException(String message) {
        super(message);
    }
}
