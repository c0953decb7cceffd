package io.sparkadvisor.rules.serverless.photon;

import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.serverless.ServerlessStatements;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;

/**
 * One statement's task time in and out of Photon, from the Query History API.
 *
 * @param statementId the statement (open its query profile to see which operators ran outside Photon)
 * @param taskMs its task time
 * @param photonMs of which in Photon
 * @param photonShare photonMs / taskMs
 * @param executionMs its execution time
 * @param statementDollars its share of the run's list cost, by task time
 */
public record PhotonShareEvidence(String statementId, long taskMs, long photonMs, double photonShare, long executionMs,
        double statementDollars) implements Evidence {
    public static List<PhotonShareEvidence> of(RunView run, Thresholds t) {
        return ServerlessStatements.of(run).stream().filter(s -> s.photonMs().isPresent() && s.taskMs() > 0)
                .map(s -> new PhotonShareEvidence(s.statementId(), s.taskMs(), s.photonMs().getAsLong(),
                        (double) s.photonMs().getAsLong() / s.taskMs(), s.executionMs(), ServerlessStatements.dollarsOf(run, s)))
                .toList();
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }
}
