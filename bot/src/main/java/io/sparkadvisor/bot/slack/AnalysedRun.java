package io.sparkadvisor.bot.slack;

import io.sparkadvisor.databricks.resolve.RunRef;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Advice;

/** The advice for the Spark application of one cluster of a run, with the facts its charts are drawn from. */
record AnalysedRun(RunRef ref, String subject, Advice advice, RunFacts facts, long logBytes) {
    /** Stable per run and rule, so an approval can find the recommendation again. */
    String recommendationId(String rule) {
        return ref.runId() + "-" + rule;
    }
}
