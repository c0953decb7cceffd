package io.sparkadvisor.databricks.fetch;

import io.sparkadvisor.databricks.WorkspaceException;

/** No Spark event log can be read for a cluster; the message names the cluster and the setting that fixes it. */
public class EventLogUnavailableException extends WorkspaceException {
    public EventLogUnavailableException(String message) {
        super(message);
    }
}
