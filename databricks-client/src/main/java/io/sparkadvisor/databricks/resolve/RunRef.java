package io.sparkadvisor.databricks.resolve;

/**
 * A run the advisor has confirmed exists.
 *
 * @param runId       the job run (never a task run: those resolve to the job run they belong to)
 * @param jobId       the job it belongs to, or null for a one-time (submitted) run
 * @param workspaceId the {@code ?o=} of a pasted link, or null when the user gave no link
 */
public record RunRef(long runId, Long jobId, Long workspaceId) {
}
