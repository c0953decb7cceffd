package io.sparkadvisor.databricks;

/**
 * A problem talking to a workspace, worded for the person who pasted the run: what went wrong and
 * what to change. Messages never contain a credential (see {@link Secrets}).
 */
public class WorkspaceException extends RuntimeException {
    public WorkspaceException(String message) {
        super(Secrets.redact(message));
    }

    public WorkspaceException(String message, Throwable cause) {
        super(Secrets.redact(message), cause);
    }
}
