package io.sparkadvisor.bot.store;

import java.time.Instant;

/**
 * A step a continuous job's confirmed restart put in effect.
 *
 * @param restartedAt when the approver's Restart now cancelled the active run: runs started before it ran without the step
 * @param cancelledRunId the run that was cancelled (its batches before the restart are the baseline); 0 when none ran
 */
public record RestartedStep(ChangeRecord change, Instant restartedAt, long cancelledRunId) {}
