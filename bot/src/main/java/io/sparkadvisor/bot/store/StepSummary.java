package io.sparkadvisor.bot.store;

import java.time.Instant;

/** One step of a recommendation, for the digest: its job and run, and when it was proposed or applied ({@code at}). */
public record StepSummary(String recommendationId, String rule, long jobId, long runId, int step, Instant at) {
}
