package io.sparkadvisor.rules.serverless.rowexplosion;

import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * One statement's rows in and out, from query history.
 *
 * @param statementId the statement (its query profile shows the join that multiplies the rows)
 * @param rowsRead rows it read
 * @param rowsProduced rows it produced (returned or wrote)
 * @param factor rowsProduced / rowsRead
 * @param executionMs its execution time
 * @param statementDollars its share of the run's list cost, by task time
 */
public record RowExplosionEvidence(String statementId, long rowsRead, long rowsProduced, double factor, long executionMs,
        double statementDollars) implements Evidence {
    public static List<RowExplosionEvidence> of(RunView run, Thresholds t) {
        return ServerlessStatements.of(run).stream().filter(s -> s.rowsRead() > 0)
                .map(s -> new RowExplosionEvidence(s.statementId(), s.rowsRead(), s.rowsProduced(),
                        (double) s.rowsProduced() / s.rowsRead(), s.executionMs(), ServerlessStatements.dollarsOf(run, s)))
                .toList();
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
