package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.knowledge.facts.JobRunMode;

/**
 * Whether a job's settings run it continuously ({@code continuous}, not paused): Databricks applies new settings to such
 * a job only when its active run restarts, so a step there waits for an approver's Restart now.
 */
public final class ContinuousJob {
    private ContinuousJob() {}

    /** {@code settingsJson}: the job's settings as jobs/get gives them; false when absent or unreadable. */
    public static boolean is(String settingsJson) {
        return JobRunMode.ofSettings(settingsJson).filter(JobRunMode::alwaysOn).isPresent();
    }
}
