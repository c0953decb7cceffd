package io.sparkadvisor.bot.store;

import io.sparkadvisor.rules.advisor.Savings;
import java.time.Instant;

/**
 * A finding of an analysed run as the digest's waste section needs it: what, where, and the saving per run as the
 * finding stated it (its figures and whether they are the most the run can save).
 */
public record AnalysedFinding(String recommendationId, long runId, Long jobId, String subject, String rule, String title, Savings savings,
        Instant analysedAt) {
}
