package io.sparkadvisor.bot.store;

import java.time.Instant;

/** A finding of an analysed run as the digest's waste section needs it: what, where, and the saving per run. */
public record AnalysedFinding(String recommendationId, long runId, Long jobId, String subject, String rule, String title, long runtimeMs,
        double coreHours, Instant analysedAt) {
}
