package io.sparkadvisor.databricks;

/** The workspace kept failing (429, 5xx, timeouts) after the SDK's own retries. */
public class WorkspaceUnavailableException extends WorkspaceException {
    public WorkspaceUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
