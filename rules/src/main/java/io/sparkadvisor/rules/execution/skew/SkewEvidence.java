package io.sparkadvisor.rules.execution.skew;

import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Skew in one stage: how far the longest task sits above the median (duration and shuffle read),
 * what share of the stage's wall time went to waiting on it, the shuffle keys that placed the data,
 * and whether the stage is a sort-merge or shuffled-hash join that AQE's skew handling can split.
 *
 * @param maxTaskMs the longest successful task of the stage
 * @param medianTaskMs the median task
 * @param maxToMedian longest over median task duration
 * @param skewShareOfStage (longest - median task) / the stage's wall time: the share spent waiting on the straggler
 * @param stageWallMs the stage's wall time, submission to completion
 * @param maxShuffleReadBytes shuffle bytes read by the task that read the most
 * @param medianShuffleReadBytes the median task's shuffle read
 * @param partitionKeys the hash-partitioning keys of the exchanges feeding the stage
 * @param joinOperator the join in the stage's plan nodes, empty when there is none
 * @param hotValueQuery the SQL that finds the hot value of the first key
 * @param stageId the stage
 * @param tasks successful tasks of the stage
 * @param p75TaskMs the 75th-percentile task
 * @param aqeCanSplit whether the join is one AQE's skew join handling splits (sort-merge or shuffled hash)
 * @param slots task slots of the run
 * @param appDurationMs the run's duration
 */
public record SkewEvidence(long maxTaskMs, long medianTaskMs, double maxToMedian, double skewShareOfStage,
        long stageWallMs, long maxShuffleReadBytes, long medianShuffleReadBytes, List<String> partitionKeys,
        String joinOperator, String hotValueQuery, @Internal int stageId, @Internal int tasks, @Internal long p75TaskMs,
        @Internal boolean aqeCanSplit, @Internal int slots, @Internal long appDurationMs) implements Evidence {

    public static List<SkewEvidence> of(RunView run, Thresholds t) {
        return run.finalStages().stream().filter(s -> s.successfulTasks() >= 2).map(s -> of(run, s)).toList();
    }

    private static SkewEvidence of(RunView run, StageFacts stage) {
        var duration = stage.metric(TaskMetric.DURATION);
        var shuffle = stage.metric(TaskMetric.SHUFFLE_READ_BYTES);
        long wall = Math.max(1, stage.wallMs());
        List<PlanNode> nodes = run.nodesIn(stage);
        String join = nodes.stream().filter(PlanNode::isJoin).map(PlanNode::name).findFirst().orElse("");
        List<String> keys = keys(run.exchangesInto(stage));
        return new SkewEvidence(duration.max(), duration.p50(), RunMetrics.maxToMedian(stage),
                Math.min(1, (double) (duration.max() - duration.p50()) / wall), wall, shuffle.max(), shuffle.p50(), keys, join,
                hotValueQuery(keys, sources(run, stage)), stage.stageId(), stage.successfulTasks(), duration.p75(),
                join.equals("SortMergeJoin") || join.equals("ShuffledHashJoin"), run.slots(), run.appDurationMs());
    }

    private static List<String> keys(List<ExchangeFacts> exchanges) {
        Set<String> keys = new LinkedHashSet<>();
        exchanges.stream().filter(x -> x.partitioning().equals("hashpartitioning")).forEach(x -> keys.addAll(x.keys()));
        return List.copyOf(keys);
    }

    private static List<String> sources(RunView run, StageFacts stage) {
        return run.sqlOf(stage).map(sql -> sql.scans().stream().map(ScanFacts::locations).flatMap(List::stream)
                .distinct().toList()).orElse(List.of());
    }

    private static String hotValueQuery(List<String> keys, List<String> sources) {
        return Messages.of(SkewRule.ID, Map.of("key", hotKey(keys),
                "source", sources.isEmpty() ? "<table>" : "parquet.`" + sources.get(0) + "`")).text("hotValueQuery");
    }

    static String hotKey(List<String> keys) {
        return keys.isEmpty() ? "<join key>" : keys.get(0);
    }

    @Override
    public List<Integer> stageIds() {
        return List.of(stageId);
    }

    /** The share of the run the stage took. */
    public double shareOfRun() {
        return (double) stageWallMs / appDurationMs;
    }

    /** Wall time the stage would lose if its longest task ran like the 75th-percentile task (the 90th is the max itself below ten tasks). */
    public long stragglerMs() {
        return Math.max(0, maxTaskMs - p75TaskMs);
    }
}
