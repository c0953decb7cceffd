package io.sparkadvisor.databricks;

/** HTTP 404 (or the Jobs API's "does not exist"): the run, job or cluster is not in this workspace. */
public class WorkspaceNotFoundException extends WorkspaceException {
    public WorkspaceNotFoundException(String message) {
        super(message);
    }

    public WorkspaceNotFoundException(String message, Throwable cause) {
        super(message, cause);
    }
}
