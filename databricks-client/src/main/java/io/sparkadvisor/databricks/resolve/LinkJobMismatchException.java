package io.sparkadvisor.databricks.resolve;

import io.sparkadvisor.databricks.WorkspaceException;

/** A run link whose job is not the run's job: the link was edited or pieced together, so which run was meant is unclear. */
public class LinkJobMismatchException extends WorkspaceException {
    public LinkJobMismatchException(long runId, Long runsJob, long linkedJob) {
        super((runsJob == null ? "Run " + runId + " is a one-time run that belongs to no job"
                : "Run " + runId + " belongs to job " + runsJob) + ", but the link names job " + linkedJob
                + ". Paste the link from the run's own page, or ask with run:" + runId + ".");
    }
}
