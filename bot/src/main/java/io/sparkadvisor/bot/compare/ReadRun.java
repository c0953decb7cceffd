package io.sparkadvisor.bot.compare;

import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.facts.RunFacts;

/**
 * A run of a job as a comparison needs it: the facts of its (first) cluster's event log and when the Jobs run started.
 *
 * @param subject how a reply names it ("Run 4506 of sales-report")
 */
public record ReadRun(RunRef ref, String subject, long startMs, RunFacts facts) {
    /** The Spark application's wall time: what the comparison explains. */
    public long durationMs() {
        return facts.application().durationMs();
    }
}
