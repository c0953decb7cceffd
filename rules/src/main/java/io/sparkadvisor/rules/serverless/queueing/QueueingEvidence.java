package io.sparkadvisor.rules.serverless.queueing;

import io.sparkadvisor.knowledge.serverless.PerformanceMode;
import io.sparkadvisor.knowledge.serverless.StatementFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * How long a run's statements waited for compute, from query history.
 *
 * @param queuedMs their wait, summed
 * @param statementsQueued how many statements waited
 * @param longestStatementId the statement that waited longest
 * @param longestQueuedMs its wait
 * @param runMs the run's duration (the statements' span when the run's is unknown)
 * @param queuedShare queuedMs / runMs
 * @param mode the job's performance mode: standard waits for its compute by design
 */
public record QueueingEvidence(long queuedMs, int statementsQueued, String longestStatementId, long longestQueuedMs, long runMs,
        double queuedShare, PerformanceMode mode) implements Evidence {
    public static List<QueueingEvidence> of(RunView run, Thresholds t) {
        List<StatementFacts> queued = ServerlessStatements.of(run).stream().filter(s -> s.queueMs() > 0).toList();
        if (queued.isEmpty()) {
            return List.of();
        }
        StatementFacts longest = queued.stream().max((a, b) -> Long.compare(a.queueMs(), b.queueMs())).orElseThrow();
        long total = queued.stream().mapToLong(StatementFacts::queueMs).sum();
        long runMs = run.appDurationMs();
        return List.of(new QueueingEvidence(total, queued.size(), longest.statementId(), longest.queueMs(), runMs,
                (double) total / runMs, run.serverless().map(s -> s.mode()).orElse(PerformanceMode.UNKNOWN)));
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }

    public boolean standard() {
        return mode == PerformanceMode.STANDARD;
    }
}
