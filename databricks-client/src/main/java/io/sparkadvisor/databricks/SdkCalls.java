package io.sparkadvisor.databricks;

import com.databricks.sdk.core.DatabricksError;
import com.databricks.sdk.core.DatabricksException;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one SDK call and turns its failures into {@link WorkspaceException}s that name the object,
 * the problem and the fix. The SDK itself retries only 429, 501 and 503 (honouring Retry-After),
 * so reads are also retried here on 500, 502, 504 and on I/O failures such as read timeouts (which
 * the SDK reports as status 523).
 */
public final class SdkCalls {
    private static final Logger LOG = LoggerFactory.getLogger(SdkCalls.class);
    /** The status the SDK gives an I/O failure (timeout, connection reset) that has no HTTP answer. */
    private static final int IO_ERROR = 523;
    private static final Set<Integer> TRANSIENT_FOR_READS = Set.of(500, 502, 504, IO_ERROR);
    private static final int READ_ATTEMPTS = 3;
    private static final Pattern CREDENTIAL_FAILURE = Pattern.compile("[\\w-]+ auth: ");

    private SdkCalls() {
    }

    /** A call that changes nothing, so repeating it after a server error is safe. */
    public static <T> T read(String what, Supplier<T> call) {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.get();
            } catch (DatabricksError e) {
                if (attempt == READ_ATTEMPTS || !TRANSIENT_FOR_READS.contains(e.getStatusCode())) {
                    throw translate(what, e, e);
                }
                LOG.debug("Reading {} failed with HTTP {}, attempt {} of {}", what, e.getStatusCode(), attempt, READ_ATTEMPTS);
                pause(Duration.ofSeconds(attempt));
            } catch (DatabricksException e) {
                throw unavailable(what, e);
            }
        }
    }

    /** {@code what} names the object for the user, e.g. "run 42" or "cluster 0101-abc". */
    public static <T> T call(String what, Supplier<T> call) {
        try {
            return call.get();
        } catch (DatabricksError e) {
            throw translate(what, e, e);
        } catch (DatabricksException e) {
            throw unavailable(what, e);
        }
    }

    private static WorkspaceException unavailable(String what, DatabricksException e) {
        // The SDK sets up credentials on the first call and reports failures as "<auth type> auth: ...".
        if (CREDENTIAL_FAILURE.matcher(String.valueOf(e.getMessage())).lookingAt()) {
            return new WorkspaceAuthenticationException("Databricks credentials did not work while reading " + what
                    + " (" + e.getMessage() + "). " + WorkspaceAuthenticationException.HOW_TO_SET_CREDENTIALS, e);
        }
        if (e.getCause() instanceof DatabricksError last) {
            return new WorkspaceUnavailableException("Databricks kept failing on " + what
                    + " (last answer: HTTP " + last.getStatusCode() + " " + last.getMessage()
                    + "), even after retries. Try again in a few minutes.", e);
        }
        return new WorkspaceUnavailableException("Could not reach Databricks for " + what
                + ": " + e.getMessage(), e);
    }

    private static void pause(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkspaceUnavailableException("Interrupted while waiting to retry", e);
        }
    }

    public static void run(String what, Runnable call) {
        call(what, () -> {
            call.run();
            return null;
        });
    }

    private static boolean isNotFound(DatabricksError e) {
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
        if (e.getStatusCode() == IO_ERROR) {
            return new WorkspaceUnavailableException("Could not reach Databricks for " + what + " ("
                    + Optional.ofNullable(e.getCause()).map(Throwable::getMessage).orElse(e.getMessage())
                    + "). Check the network, or try again in a few minutes.", cause);
        }
        return switch (e.getStatusCode()) {
            case 401 -> new WorkspaceAuthenticationException("Databricks did not accept the advisor's credentials"
                    + " while reading " + what + " (" + e.getMessage() + "). "
                    + WorkspaceAuthenticationException.HOW_TO_SET_CREDENTIALS, cause);
            case 403 -> new WorkspacePermissionException("The advisor may not access " + what + " ("
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
