package io.sparkadvisor.databricks.serverless;

import io.sparkadvisor.databricks.WorkspaceException;

/** The system tables a serverless run is read from cannot be read; the message names the grant that is missing. */
public class QueryHistoryUnavailableException extends WorkspaceException {
    public QueryHistoryUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
