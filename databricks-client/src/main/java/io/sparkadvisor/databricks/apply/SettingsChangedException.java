package io.sparkadvisor.databricks.apply;

import io.sparkadvisor.databricks.WorkspaceException;

/** Someone edited the job since the advisor looked at it, so a change built on the old settings is refused. */
public class SettingsChangedException extends WorkspaceException {
    public SettingsChangedException(long jobId, String expectedFingerprint, String actualFingerprint) {
        super("Job " + jobId + " was edited since this recommendation was made (settings fingerprint "
                + abbreviate(expectedFingerprint) + " is now " + abbreviate(actualFingerprint) + "), so nothing was"
                + " changed. Ask for a fresh analysis of the job and approve again.");
    }

    private static String abbreviate(String fingerprint) {
        return fingerprint == null ? "none" : fingerprint.substring(0, Math.min(12, fingerprint.length()));
    }
}
