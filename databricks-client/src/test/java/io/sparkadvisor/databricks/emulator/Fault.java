package io.sparkadvisor.databricks.emulator;

import java.time.Duration;

/**
 * A failure the emulator plays instead of (or, for {@link #slow}, before) the real answer.
 *
 * @param status 0 for a delay only
 * @param dropsAnswer the request is carried out, then the connection closes without an answer: what a
 *     client sees when its read times out after the server did the work
 */
public record Fault(int status, String errorCode, String message, Integer retryAfterSeconds, Duration delay, boolean dropsAnswer) {
    public Fault(int status, String errorCode, String message, Integer retryAfterSeconds, Duration delay) {
        this(status, errorCode, message, retryAfterSeconds, delay, false);
    }

    /**
     * Does what was asked, then holds the connection for {@code hold} before dropping it: a window
     * in which the client has sent its update, the update took, and the client knows nothing yet.
     */
    public static Fault hangsAfterApplying(Duration hold) {
        return new Fault(0, null, null, null, hold, true);
    }

    /** Does what was asked (an update takes effect), but the answer never arrives. */
    public static Fault answerLost() {
        return new Fault(0, null, null, null, Duration.ZERO, true);
    }

    public static Fault tooManyRequests(int retryAfterSeconds) {
        return new Fault(429, "REQUEST_LIMIT_EXCEEDED", "Too many requests. Please wait a moment and try again.",
                retryAfterSeconds, Duration.ZERO);
    }

    public static Fault serverError() {
        return new Fault(500, "INTERNAL_ERROR", "Internal error, please retry.", null, Duration.ZERO);
    }

    /** What Databricks answers for an expired personal access token. */
    public static Fault tokenExpired() {
        return new Fault(403, "PERMISSION_DENIED", "Invalid access token.", null, Duration.ZERO);
    }

    public static Fault notFound() {
        return new Fault(404, "RESOURCE_DOES_NOT_EXIST", "The resource does not exist.", null, Duration.ZERO);
    }

    /** Answers normally, but only after {@code delay}. */
    public static Fault slow(Duration delay) {
        return new Fault(0, null, null, null, delay);
    }
}
