package io.sparkadvisor.databricks.billing;

import io.sparkadvisor.databricks.WorkspaceException;

/** The billing system tables could not be read: no warehouse, no grant, or tables not enabled. */
public class BillingUnavailableException extends WorkspaceException {
    public BillingUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
