package io.sparkadvisor.bot.store;

import java.time.Instant;

/** One line of the audit trail: who did what to which job, for which recommendation step, and why. */
public record AuditEntry(Instant at, String actor, long jobId, String recommendationId, int step, AuditAction action,
        String detail) {
    /** The actor of what the bot does on its own: follow-up verdicts, settling interrupted applies. */
    public static final String BOT = "spark-advisor";
}
