package io.sparkadvisor.rules.serverless.spill;

import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * One statement's spill to disk, from query history.
 *
 * @param statementId the statement (open it in Query History for its profile)
 * @param spillBytes bytes it spilled to disk
 * @param readBytes bytes it read
 * @param spillRatio spillBytes / readBytes
 * @param executionMs its execution time
 * @param statementDollars its share of the run's list cost, by task time
 */
public record ServerlessSpillEvidence(String statementId, long spillBytes, long readBytes, double spillRatio, long executionMs,
        double statementDollars) implements Evidence {
    public static List<ServerlessSpillEvidence> of(RunView run, Thresholds t) {
        return ServerlessStatements.of(run).stream().filter(s -> s.spillBytes() > 0)
                .map(s -> new ServerlessSpillEvidence(s.statementId(), s.spillBytes(), s.readBytes(),
                        (double) s.spillBytes() / Math.max(1, s.readBytes()), s.executionMs(), ServerlessStatements.dollarsOf(run, s)))
                .toList();
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }

    /** The share of the statement's work spent writing and reading back its spill, at most: spill over spill and input. */
    public double spillShare() {
        return (double) spillBytes / (spillBytes + Math.max(0, readBytes));
    }
}
