package io.sparkadvisor.databricks;

/** HTTP 403: the identity is known but may not see or change this object (or its token expired). */
public class WorkspacePermissionException extends WorkspaceException {
    public WorkspacePermissionException(String message, Throwable cause) {
        super(message, cause);
    }
}
