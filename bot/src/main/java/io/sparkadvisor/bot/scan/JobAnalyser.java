package io.sparkadvisor.bot.scan;

import io.sparkadvisor.databricks.billing.JobCost;

/** Analyses the latest completed run of a job; a run that cannot be read is an outcome ({@link JobScan#unreadable}), not an exception. */
public interface JobAnalyser {
    JobScan analyse(JobCost job);
}
