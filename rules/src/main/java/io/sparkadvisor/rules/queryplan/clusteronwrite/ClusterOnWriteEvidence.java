package io.sparkadvisor.rules.queryplan.clusteronwrite;

import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.knowledge.facts.WriteFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.PredictiveOptimization;
import io.sparkadvisor.rules.queryplan.PlanStages;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A shuffle and sort that exist only to cluster the written files: a range or hash exchange with a
 * Sort on top, directly under a write (only pass-through wrappers between them). The cost it adds
 * to the run is the shuffle write, the sort, the fetch wait of the writing stage and, for range
 * partitioning, the sampling job that computes the input once more to find range bounds.
 *
 *
 * @param writeCommand the write's command (InsertIntoHadoopFsRelationCommand, a Delta write, ...)
 * @param location where the write goes
 * @param partitioning the exchange's scheme: rangepartitioning or hashpartitioning
 * @param clusteringColumns the exchange's keys, which the Sort above it orders by
 * @param numPartitions the exchange's partition count
 * @param shuffleBytes bytes the exchange wrote to the shuffle
 * @param shuffleWriteTimeMs the exchange's shuffle write time
 * @param sortTimeMs the Sort's time
 * @param samplingTaskMs task time of the stages that computed the input again to sample range bounds
 * @param fetchWaitMs shuffle fetch wait of the writing stages
 * @param attributedTaskMs task time the run spends only because of the clustering: shuffle write, sort, sampling and fetch wait
 * @param stagesWallMs wall time of the stages involved
 * @param rowsWritten rows the write wrote
 * @param bytesWritten bytes the write wrote
 * @param predictiveOptimization Databricks' predictive optimization maintains the written table (a Unity Catalog managed
 *     table with its effective flag ENABLE, matched by its location): it runs OPTIMIZE itself
 * @param lastOptimizeMs when predictive optimization last finished an OPTIMIZE on it (epoch ms), 0 when none or not read
 * @param stageIds the exchange's, the sampling and the writing stages
 * @param slots task slots of the run
 * @param appDurationMs the run's duration
 */
public record ClusterOnWriteEvidence(String writeCommand, String location, String partitioning,
        List<String> clusteringColumns, int numPartitions, long shuffleBytes, long shuffleWriteTimeMs, long sortTimeMs,
        long samplingTaskMs, long fetchWaitMs, long attributedTaskMs, long stagesWallMs, long rowsWritten,
        long bytesWritten, boolean predictiveOptimization, long lastOptimizeMs, @Internal List<Integer> stageIds, @Internal int slots, @Internal long appDurationMs)
        implements Evidence {
    /** Operators that pass rows through unchanged in order and partitioning. */
    private static final Set<String> PASS_THROUGH = Set.of("WriteFiles", "AdaptiveSparkPlan", "InputAdapter",
            "ShuffleQueryStage", "AQEShuffleRead", "Project", "ColumnarToRow", "RowToColumnar");

    public static List<ClusterOnWriteEvidence> of(RunView run, Thresholds t) {
        List<ClusterOnWriteEvidence> out = new ArrayList<>();
        for (SqlExecutionFacts sql : run.facts().sqlExecutions()) {
            for (WriteFacts write : sql.writes()) {
                below(sql, write.nodeId()).filter(n -> n.sparkTwin().equals("Sort"))
                        .flatMap(sort -> below(sql, sort.id()).flatMap(x -> clusteringExchange(sql, x.id()))
                                .map(x -> of(run, sql, write, sort, x)))
                        .ifPresent(out::add);
            }
        }
        return out;
    }

    /** The first operator under a node that is not a pass-through wrapper, following single children. */
    private static Optional<PlanNode> below(SqlExecutionFacts sql, int id) {
        List<PlanNode> children = sql.children(id);
        while (children.size() == 1) {
            PlanNode child = children.get(0);
            if (!PASS_THROUGH.contains(child.sparkTwin()) && !child.name().startsWith("WholeStageCodegen")) {
                return Optional.of(child);
            }
            children = sql.children(child.id());
        }
        return Optional.empty();
    }

    private static Optional<ExchangeFacts> clusteringExchange(SqlExecutionFacts sql, int nodeId) {
        return sql.exchanges().stream().filter(x -> x.nodeId() == nodeId && !x.keys().isEmpty()
                && (x.partitioning().equals("rangepartitioning") || x.partitioning().equals("hashpartitioning")))
                .findFirst();
    }

    private static ClusterOnWriteEvidence of(RunView run, SqlExecutionFacts sql, WriteFacts write, PlanNode sort,
            ExchangeFacts exchange) {
        PlanNode x = sql.node(exchange.nodeId()).orElseThrow();
        Set<Integer> sampling = descendantStages(sql, x.id());
        sampling.removeAll(exchange.stageIds());
        Set<Integer> stages = new HashSet<>(exchange.stageIds());
        stages.addAll(sampling);
        stages.addAll(write.stageIds());
        long fetchWait = run.finalStages().stream().filter(s -> write.stageIds().contains(s.stageId()))
                .mapToLong(s -> s.sum(TaskMetric.SHUFFLE_FETCH_WAIT_TIME)).sum();
        PredictiveOptimization maintained = PredictiveOptimization.of(run, write.table(), List.of(write.location()));
        return of(write.command(), write.location(), exchange.partitioning(), exchange.keys(),
                exchange.numPartitions(), x.metric("shuffle bytes written").orElse(exchange.dataSizeBytes()),
                x.metric("shuffle write time").orElse(0L), sort.metric("sort time").orElse(0L),
                PlanStages.of(run, sampling).taskMs(), fetchWait, stages.stream().sorted().toList(),
                PlanStages.of(run, stages).wallMs(), write.rowsWritten(), write.bytesWritten(), run.slots(),
                run.appDurationMs()).maintainedBy(maintained);
    }

    /** The same evidence with what predictive optimization does on the written table. */
    ClusterOnWriteEvidence maintainedBy(PredictiveOptimization maintained) {
        return new ClusterOnWriteEvidence(writeCommand, location, partitioning, clusteringColumns, numPartitions, shuffleBytes,
                shuffleWriteTimeMs, sortTimeMs, samplingTaskMs, fetchWaitMs, attributedTaskMs, stagesWallMs, rowsWritten,
                bytesWritten, maintained.maintained(), maintained.lastOptimizeMs(), stageIds,
                slots, appDurationMs);
    }

    /** Stages that ran any operator below a node. */
    private static Set<Integer> descendantStages(SqlExecutionFacts sql, int id) {
        Set<Integer> out = new HashSet<>();
        for (PlanNode child : sql.children(id)) {
            out.addAll(child.stageIds());
            out.addAll(descendantStages(sql, child.id()));
        }
        return out;
    }

    /** The evidence of a clustering write from its measured numbers; the attributed task time is computed here. */
    public static ClusterOnWriteEvidence of(String writeCommand, String location, String partitioning,
            List<String> clusteringColumns, int numPartitions, long shuffleBytes, long shuffleWriteTimeMs, long sortTimeMs,
            long samplingTaskMs, long fetchWaitMs, List<Integer> stageIds, long stagesWallMs, long rowsWritten,
            long bytesWritten, int slots, long appDurationMs) {
        return new ClusterOnWriteEvidence(writeCommand, location, partitioning, clusteringColumns, numPartitions,
                shuffleBytes, shuffleWriteTimeMs, sortTimeMs, samplingTaskMs, fetchWaitMs,
                shuffleWriteTimeMs + sortTimeMs + samplingTaskMs + fetchWaitMs, stagesWallMs, rowsWritten, bytesWritten,
                false, 0, stageIds, slots, appDurationMs);
    }

    /** The same spread over the run's slots: the wall time a raw write would save. */
    public long attributedWallMs() {
        return attributedTaskMs / Math.max(1, slots);
    }

    /** The share of the run a raw write would save. */
    public double shareOfRun() {
        return (double) attributedWallMs() / appDurationMs;
    }
}
