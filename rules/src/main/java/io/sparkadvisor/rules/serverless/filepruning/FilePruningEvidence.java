package io.sparkadvisor.rules.serverless.filepruning;

import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Exact;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * What one statement read, from query history: files, their size, what pruning skipped, rows read and kept.
 *
 * @param statementId the statement (open it in Query History for its profile)
 * @param readFiles files it read
 * @param prunedFiles files pruning skipped
 * @param readBytes bytes it read
 * @param avgFileBytes readBytes / readFiles
 * @param rowsRead rows it read
 * @param rowsProduced rows it produced
 * @param shareKept rowsProduced / rowsRead, not rounded: tiny by nature
 * @param executionMs its execution time
 * @param statementDollars its share of the run's list cost, by task time
 */
public record FilePruningEvidence(String statementId, long readFiles, long prunedFiles, long readBytes, long avgFileBytes,
        long rowsRead, long rowsProduced, @Exact double shareKept, long executionMs, double statementDollars) implements Evidence {
    public static List<FilePruningEvidence> of(RunView run, Thresholds t) {
        return ServerlessStatements.of(run).stream().filter(s -> s.readFiles() > 0)
                .map(s -> new FilePruningEvidence(s.statementId(), s.readFiles(), s.prunedFiles(), s.readBytes(), s.avgFileBytes(),
                        s.rowsRead(), s.rowsProduced(), (double) s.rowsProduced() / Math.max(1, s.rowsRead()), s.executionMs(),
                        ServerlessStatements.dollarsOf(run, s)))
                .toList();
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
