package io.sparkadvisor.bot.store;

import java.time.Instant;

/**
 * One step's change: its state and since when, who decided it and when, and what the apply touched:
 * {@code stepKeys} (the keys the step changed with their values before and after, and the
 * fingerprints of the settings before and after: what a roll back puts back, as a StepDelta's JSON;
 * null until sent) and {@code fingerprintAfter} (what the change leaves, expected from the moment it
 * is sent, then as read back).
 *
 * @param followedUpRunId the run its verdict came from; 0 when its job was deleted; null while not judged
 * @param passed whether that verdict passed (what a roll back that did not happen returns the step to)
 */
public record ChangeRecord(String recommendationId, int step, ChangeState state, Instant stateSince, String decidedBy,
        Instant decidedAt, Instant appliedAt, String stepKeys, String fingerprintAfter, Long followedUpRunId,
        boolean passed) {
}
