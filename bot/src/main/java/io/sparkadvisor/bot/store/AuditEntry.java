package io.sparkadvisor.bot.store;

import java.time.Instant;

/**
 * One line of the audit trail: who did what to which job, for which recommendation step, and why. A
 * person's line names them twice: their Slack id ({@code actor}) and the Databricks user the bot acted
 * for ({@code principal}); the bot's own lines have no principal.
 */
public record AuditEntry(Instant at, String actor, String principal, long jobId, String recommendationId, int step, AuditAction action,
        String detail) {
    /** The actor of what the bot does on its own: follow-up verdicts, settling interrupted applies. */
    public static final String BOT = "spark-advisor";

    /** A line with no Databricks principal: the bot's own. */
    public AuditEntry(Instant at, String actor, long jobId, String recommendationId, int step, AuditAction action, String detail) {
        this(at, actor, null, jobId, recommendationId, step, action, detail);
    }
}
