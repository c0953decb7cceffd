package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.rules.advisor.Finding;
import java.util.List;

/**
 * The findings of one analysed Spark application as posted in a thread.
 *
 * @param target the job cluster the application ran on; null when the run has no job cluster to change
 * @param runMs how long the analysed application ran: what the findings' savings are predicted from
 * @param jobSettingsJson the job's settings read with the run, which the advice was made against
 *                        (a change later refuses to go out if the job has changed since); null when {@code target} is
 */
public record PostedAdvice(RunRef ref, ClusterTarget target, String channel, String threadTs, String requester,
        List<Posted> findings, long runMs, String jobSettingsJson) {

    /** One finding's message, whose buttons carry {@code recommendationId}. */
    public record Posted(String recommendationId, Finding finding, String messageTs) {}
}
