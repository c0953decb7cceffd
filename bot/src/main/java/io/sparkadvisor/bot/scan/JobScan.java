package io.sparkadvisor.bot.scan;

import io.sparkadvisor.bot.ask.ClusterSize;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Stake;
import java.util.List;

/**
 * What the fleet scan learnt about one job: the findings of its latest completed run, or why that
 * run could not be analysed. Kept as JSON in the scan's ledger.
 *
 * @param runId      the run analysed; 0 when none was found
 * @param runMs      how long its Spark application ran: what the findings' savings are a share of
 * @param cluster    the nodes and cores its cluster held for that time ({@link ClusterSize#UNKNOWN} in outcomes kept before it was)
 * @param target     the job cluster approved changes go to ({@code ClusterTargets.encode}); null when there is none,
 *                   or when the job's cluster changed since the run (its steps are then not offered to Approve)
 * @param jobSettingsJson the job's settings read with the run, which the findings were made against (an approved
 *                   change refuses to go out if the job was edited since); null when {@code target} is
 * @param unreadable null when the run was analysed
 * @param stake      what the run put at stake, an always-on streaming query's hours with it; null when unread (and in
 *                   outcomes kept before it was)
 */
public record JobScan(String jobId, String jobName, long runId, long runMs, ClusterSize cluster, String target, String jobSettingsJson,
        List<Finding> findings, Unreadable unreadable, Stake stake) {
    public JobScan {
        cluster = cluster == null ? ClusterSize.UNKNOWN : cluster;
        findings = findings == null ? List.of() : List.copyOf(findings);
    }

    public static JobScan analysed(String jobId, String jobName, long runId, long runMs, ClusterSize cluster, String target,
            String jobSettingsJson, List<Finding> findings, Stake stake) {
        return new JobScan(jobId, jobName, runId, runMs, cluster, target, jobSettingsJson, findings, null, stake);
    }

    public static JobScan unreadable(String jobId, String jobName, long runId, Unreadable.Kind kind, String reason) {
        return new JobScan(jobId, jobName, runId, 0, ClusterSize.UNKNOWN, null, null, List.of(), new Unreadable(kind, reason), null);
    }

    /** A job the scan did not reach within its budget: the digest says so, and what to raise. */
    public static JobScan notInTime(String jobId, String jobName) {
        return unreadable(jobId, jobName, 0, Unreadable.Kind.NOT_IN_TIME, null);
    }

    public boolean wasAnalysed() {
        return unreadable == null;
    }

    /** Why a job's latest run could not be analysed, in a class (what to fix) and in the workspace's own words (none when not in time). */
    public record Unreadable(Kind kind, String reason) {
        public enum Kind { NO_LOG_DELIVERY, S3_DESTINATION, DBFS_MOUNT, LOG_MISSING, PERMISSIONS, NO_COMPLETED_RUN, FAILED, NOT_IN_TIME }
    }
}
