package io.sparkadvisor.databricks;

/** HTTP 401, or no credentials at all: the advisor could not prove who it is. */
public class WorkspaceAuthenticationException extends WorkspaceException {
    static final String HOW_TO_SET_CREDENTIALS = "Set DATABRICKS_HOST and DATABRICKS_TOKEN, or DATABRICKS_HOST with"
            + " DATABRICKS_CLIENT_ID and DATABRICKS_CLIENT_SECRET for a service principal, or DATABRICKS_CONFIG_PROFILE"
            + " naming a profile in ~/.databrickscfg.";

    public WorkspaceAuthenticationException(String message, Throwable cause) {
        super(message, cause);
    }
}
