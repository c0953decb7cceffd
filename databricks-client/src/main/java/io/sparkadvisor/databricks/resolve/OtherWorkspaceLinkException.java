package io.sparkadvisor.databricks.resolve;

import io.sparkadvisor.databricks.WorkspaceException;

/** A run link from another workspace than the one the bot reads: the same run id there is another run. */
public class OtherWorkspaceLinkException extends WorkspaceException {
    public OtherWorkspaceLinkException(String message) {
        super(message);
    }
}
