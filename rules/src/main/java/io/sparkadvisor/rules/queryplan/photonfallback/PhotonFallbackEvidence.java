package io.sparkadvisor.rules.queryplan.photonfallback;

import io.sparkadvisor.knowledge.facts.PhotonFallback;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.queryplan.PlanStages;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.List;

/**
 * The operators of one Photon plan that ran outside Photon (Spark operators between or over Photon ones; the
 * row/columnar transitions around them are counted, not listed), with what kept each out, and what the stages
 * that ran them cost.
 *
 * @param executionId the SQL execution of the plan
 * @param operators the operators outside Photon, each as its one-line form with attribute ids removed
 * @param causes per operator, in the same order, what kept it out: {@code udf}, {@code sort-merge-join},
 *     {@code source} or {@code expression}
 * @param unsupported what Photon's own explanation of the plan says, when the log carries one
 * @param transitions row/columnar transitions between Photon and Spark operators in the plan
 * @param rowsThrough rows out of the operators outside Photon (rows in where an operator reports none)
 * @param stageTaskMs task time of the stages that ran the operators
 * @param stageWallMs wall time of those stages
 * @param shareOfRunTask stageTaskMs / the run's task time
 * @param stageIds the stages that ran the operators
 * @param outside the operators, typed, for the advice
 * @param appDurationMs the run's duration
 */
public record PhotonFallbackEvidence(long executionId, List<String> operators, List<String> causes,
        List<String> unsupported, int transitions, long rowsThrough, long stageTaskMs, long stageWallMs,
        double shareOfRunTask, @Internal List<Integer> stageIds, @Internal List<OutsideOperator> outside,
        @Internal long appDurationMs) implements Evidence {

    public static List<PhotonFallbackEvidence> of(RunView run, Thresholds t) {
        long runTaskMs = Math.max(1, run.finalStages().stream().mapToLong(s -> s.sum(TaskMetric.EXECUTOR_RUN_TIME)).sum());
        List<PhotonFallbackEvidence> out = new ArrayList<>();
        for (SqlExecutionFacts sql : run.facts().sqlExecutions()) {
            List<PhotonFallback> operators = sql.photonFallbacks().stream().filter(f -> !f.transition()).toList();
            if (!operators.isEmpty()) {
                out.add(of(run, sql, operators, runTaskMs));
            }
        }
        return out;
    }

    private static PhotonFallbackEvidence of(RunView run, SqlExecutionFacts sql, List<PhotonFallback> operators, long runTaskMs) {
        List<OutsideOperator> outside = operators.stream().map(f -> OutsideOperator.of(sql, f)).toList();
        List<Integer> stageIds = operators.stream().flatMap(f -> f.stageIds().stream()).distinct().sorted().toList();
        PlanStages stages = PlanStages.of(run, stageIds);
        long rows = operators.stream().mapToLong(f -> sql.node(f.nodeId()).flatMap(n -> n.outputRows())
                .orElseGet(() -> sql.inputRows(f.nodeId()))).sum();
        int transitions = (int) sql.photonFallbacks().stream().filter(PhotonFallback::transition).count();
        return new PhotonFallbackEvidence(sql.executionId(), outside.stream().map(OutsideOperator::operator).toList(),
                outside.stream().map(o -> o.cause().id()).toList(),
                operators.stream().flatMap(f -> f.unsupported().stream()).toList(), transitions, rows, stages.taskMs(),
                stages.wallMs(), (double) stages.taskMs() / runTaskMs, stageIds, outside, run.appDurationMs());
    }

    @Override
    public List<Integer> stageIds() {
        return stageIds;
    }

    /** The share of the run's wall time the operators' stages took. */
    public double shareOfRun() {
        return (double) stageWallMs / Math.max(1, appDurationMs);
    }
}
