package io.sparkadvisor.databricks;

import io.sparkadvisor.knowledge.Redactor;

/**
 * A problem talking to a workspace, worded for the person who pasted the run: what went wrong and
 * what to change. Messages never contain a credential (see {@link Redactor}).
 */
public class WorkspaceException extends RuntimeException {
    public WorkspaceException(String message) {
        super(Redactor.redact(message));
    }

    public WorkspaceException(String message, Throwable cause) {
        super(Redactor.redact(message), cause);
    }
}
