package io.sparkadvisor.databricks;

/** HTTP 401, or no credentials at all: the advisor could not prove who it is. */
public class WorkspaceAuthenticationException extends WorkspaceException {
    public WorkspaceAuthenticationException(String message, Throwable cause) {
        super(message, cause);
    }
}
