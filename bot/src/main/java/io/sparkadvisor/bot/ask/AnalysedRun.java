package io.sparkadvisor.bot.ask;

import io.sparkadvisor.bot.chart.Chart;
import io.sparkadvisor.databricks.apply.ClusterTarget;
import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.rules.advisor.Advice;
import io.sparkadvisor.rules.advisor.Stake;
import io.sparkadvisor.bot.approvals.SpecDrift;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The advice for the Spark application of one cluster of a run, with its charts drawn once (by
 * rule) so that every ask sharing the analysis uploads the same picture without redrawing it.
 *
 * @param target     the job cluster the application ran on, where approved changes go ({@code NoCluster} for a serverless
 *                   job's run: only the job's own fields); null when there is none
 * @param ownCluster the cluster's id when the run used several clusters (one application each), else null
 * @param drift      how the job's definition of that cluster differs now from the run's ({@link SpecDrift}); empty when it does not
 * @param jobSettingsJson the job's settings as read with the run; null when the job is unknown or gone
 * @param cluster    the nodes and cores the application's cluster held
 * @param stake      what the run put at stake (an always-on streaming query: its cluster's hours), which the fleet scan
 *                   prices a finding's week from
 */
public record AnalysedRun(RunRef ref, ClusterTarget target, String ownCluster, String subject, Advice advice, Map<String, Chart> chartsByRule,
        long logBytes, List<String> drift, String jobSettingsJson, ClusterSize cluster, Stake stake) {
    /** Stable per run, rule and (when the run used several) cluster, so an approval can find the recommendation again. */
    public String recommendationId(String rule) {
        return ref.runId() + "-" + rule + (ownCluster == null ? "" : "-" + ownCluster);
    }

    /**
     * One post of the finding: approvals, verdicts and roll backs of a post stay in its thread, and
     * asking again (anywhere, by anyone) makes a recommendation of its own.
     */
    public String postedId(String rule, String threadTs) {
        return recommendationId(rule) + "@" + threadTs;
    }

    public Optional<Chart> chart(String rule) {
        return Optional.ofNullable(chartsByRule.get(rule));
    }
}
