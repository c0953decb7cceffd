package io.sparkadvisor.rules.serverless.repeatedscans;

import io.sparkadvisor.knowledge.serverless.StatementFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Statements of one run that read the same files whole: query history names no table, but a full read (no file
 * pruned) of the same number of files and bytes is the same table's snapshot read again.
 *
 * @param statementIds the statements, in start order
 * @param scans how many
 * @param readFiles files each read
 * @param readBytes bytes each read
 * @param executionMs their execution time, summed
 * @param statementsDollars their share of the run's list cost, summed
 */
public record RepeatedScansEvidence(List<String> statementIds, int scans, long readFiles, long readBytes, long executionMs,
        double statementsDollars) implements Evidence {
    public RepeatedScansEvidence {
        statementIds = List.copyOf(statementIds);
    }

    public static List<RepeatedScansEvidence> of(RunView run, Thresholds t) {
        Map<List<Long>, List<StatementFacts>> bySnapshot = new LinkedHashMap<>();
        ServerlessStatements.of(run).stream().filter(s -> s.readFiles() > 0 && s.prunedFiles() == 0)
                .forEach(s -> bySnapshot.computeIfAbsent(List.of(s.readFiles(), s.readBytes()), k -> new ArrayList<>()).add(s));
        return bySnapshot.values().stream().filter(group -> group.size() > 1).map(group -> new RepeatedScansEvidence(
                group.stream().map(StatementFacts::statementId).toList(), group.size(), group.get(0).readFiles(),
                group.get(0).readBytes(), group.stream().mapToLong(StatementFacts::executionMs).sum(),
                group.stream().mapToDouble(s -> ServerlessStatements.dollarsOf(run, s)).sum())).toList();
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
