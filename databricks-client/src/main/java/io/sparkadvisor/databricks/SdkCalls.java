package io.sparkadvisor.databricks;

import com.databricks.sdk.core.DatabricksError;
import com.databricks.sdk.core.DatabricksException;
import java.util.function.Supplier;

/**
 * Runs one SDK call and turns its failures into {@link WorkspaceException}s that name the object,
 * the problem and the fix. The SDK has already retried 429/5xx (honouring Retry-After) by then.
 */
public final class SdkCalls {
    private SdkCalls() {
    }

    /** {@code what} names the object for the user, e.g. "run 42" or "cluster 0101-abc". */
    public static <T> T call(String what, Supplier<T> call) {
        try {
            return call.get();
        } catch (DatabricksError e) {
            throw translate(what, e, e);
        } catch (DatabricksException e) {
            if (e.getCause() instanceof DatabricksError last) {
                throw new WorkspaceUnavailableException("Databricks kept failing while reading " + what
                        + " (last answer: HTTP " + last.getStatusCode() + " " + last.getMessage()
                        + "), even after retries. Try again in a few minutes.", e);
            }
            throw new WorkspaceUnavailableException("Could not reach Databricks while reading " + what
                    + ": " + e.getMessage(), e);
        }
    }

    public static void run(String what, Runnable call) {
        call(what, () -> {
            call.run();
            return null;
        });
    }

    public static boolean isNotFound(DatabricksError e) {
        return e.getStatusCode() == 404
                || "RESOURCE_DOES_NOT_EXIST".equals(e.getErrorCode())
                // The Jobs API answers an unknown run or job id with 400 "... does not exist".
                || ("INVALID_PARAMETER_VALUE".equals(e.getErrorCode())
                        && String.valueOf(e.getMessage()).contains("does not exist"));
    }

    private static WorkspaceException translate(String what, DatabricksError e, Throwable cause) {
        if (isNotFound(e)) {
            return new WorkspaceNotFoundException(capitalize(what) + " was not found in this workspace ("
                    + e.getMessage() + "). Check the id, and that the link is from the workspace the advisor"
                    + " is connected to.", cause);
        }
        return switch (e.getStatusCode()) {
            case 401 -> new WorkspaceAuthenticationException("Databricks did not accept the advisor's credentials"
                    + " while reading " + what + " (" + e.getMessage() + "). Set a valid DATABRICKS_TOKEN, or"
                    + " DATABRICKS_CLIENT_ID/DATABRICKS_CLIENT_SECRET for a service principal.", cause);
            case 403 -> new WorkspacePermissionException("The advisor may not read " + what + " ("
                    + e.getMessage() + "). If its token expired, issue a new one; otherwise grant its identity"
                    + " CAN VIEW on the job (CAN MANAGE to apply changes) and CAN ATTACH TO on the cluster.", cause);
            default -> new WorkspaceException("Databricks refused the request for " + what + ": HTTP "
                    + e.getStatusCode() + " " + e.getErrorCode() + " " + e.getMessage(), cause);
        };
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
