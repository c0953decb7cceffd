package io.sparkadvisor.bot.store;

import java.time.Instant;

/** One step's change: its state, who decided it and when, and the job settings around the apply. */
public record ChangeRecord(String recommendationId, int step, ChangeState state, String decidedBy, Instant decidedAt,
        Instant appliedAt, String settingsBefore, String settingsAfter, String fingerprintAfter) {
}
