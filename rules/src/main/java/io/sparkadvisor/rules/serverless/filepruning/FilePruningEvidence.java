package io.sparkadvisor.rules.serverless.filepruning;

import io.sparkadvisor.knowledge.serverless.StatementFacts;
import io.sparkadvisor.knowledge.serverless.StatementTables;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Exact;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * What one statement read, from query history: files, their size, what pruning skipped, rows read and kept; the table its
 * text reads and whether predictive optimization maintains it.
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
 * @param table the one table its text reads, as SQL names it; "" when the text names none or several, or was not parsed
 * @param tablesRead every table its text reads (the candidates when there are several)
 * @param predictiveOptimization Databricks runs OPTIMIZE on {@code table} itself (predictive optimization)
 * @param lastOptimizeMs when predictive optimization last finished an OPTIMIZE on it, 0 when none or not read
 */
public record FilePruningEvidence(String statementId, long readFiles, long prunedFiles, long readBytes, long avgFileBytes,
        long rowsRead, long rowsProduced, @Exact double shareKept, long executionMs, double statementDollars, String table,
        List<String> tablesRead, boolean predictiveOptimization, long lastOptimizeMs) implements Evidence {
    public static List<FilePruningEvidence> of(RunView run, Thresholds t) {
        return ServerlessStatements.of(run).stream().filter(s -> s.readFiles() > 0).map(s -> of(run, s)).toList();
    }

    private static FilePruningEvidence of(RunView run, StatementFacts s) {
        String table = s.tables().onlyRead().orElse("");
        PredictiveOptimization po = table.isEmpty() ? PredictiveOptimization.NONE : PredictiveOptimization.of(run, table, List.of());
        return new FilePruningEvidence(s.statementId(), s.readFiles(), s.prunedFiles(), s.readBytes(), s.avgFileBytes(),
                s.rowsRead(), s.rowsProduced(), (double) s.rowsProduced() / Math.max(1, s.rowsRead()), s.executionMs(),
                ServerlessStatements.dollarsOf(run, s), table.isEmpty() ? "" : StatementTables.quoted(table),
                s.tables().read().stream().map(StatementTables::quoted).toList(), po.maintained(), po.lastOptimizeMs());
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
