package io.sparkadvisor.bot.store;

import java.time.Instant;

/**
 * One step's change: its state and since when, who decided it and when, and the job settings around
 * the apply: {@code settingsBefore} (what a roll back restores), {@code settingsAfter} and
 * {@code fingerprintAfter} (what the change leaves, expected from the moment it is sent, then as read back).
 *
 * @param followedUpRunId the run its verdict came from; 0 when its job was deleted; null while not judged
 */
public record ChangeRecord(String recommendationId, int step, ChangeState state, Instant stateSince, String decidedBy,
        Instant decidedAt, Instant appliedAt, String settingsBefore, String settingsAfter, String fingerprintAfter,
        Long followedUpRunId) {
}
