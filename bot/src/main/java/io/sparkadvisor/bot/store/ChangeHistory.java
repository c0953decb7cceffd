package io.sparkadvisor.bot.store;

import java.time.Instant;

/**
 * A decided step of a recommendation for one job: what the rule was, where it stands, who moved it last
 * and when, and the follow-up's verdict on the next run (null until it was judged).
 */
public record ChangeHistory(String recommendationId, String rule, long runId, int step, ChangeState state, String decidedBy,
        Instant decidedAt, String verdict) {
}
