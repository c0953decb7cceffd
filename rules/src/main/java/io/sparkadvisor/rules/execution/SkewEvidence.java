package io.sparkadvisor.rules.execution;

import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunMetrics;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Skew in one stage: how far the longest task sits above the median (duration and shuffle read),
 * what share of the stage's wall time went to waiting on it, the shuffle keys that placed the data,
 * and whether the stage is a sort-merge or shuffled-hash join that AQE's skew handling can split.
 */
public record SkewEvidence(int stageId, int tasks, long maxTaskMs, long medianTaskMs, long p75TaskMs,
        double maxToMedian, long stageWallMs, double skewShareOfStage, long maxShuffleReadBytes,
        long medianShuffleReadBytes, List<String> partitionKeys, String joinOperator, boolean aqeCanSplit,
        List<String> sourceLocations, int slots, long appDurationMs) {

    public static List<SkewEvidence> of(RunView run) {
        return run.finalStages().stream().filter(s -> s.successfulTasks() >= 2).map(s -> of(run, s)).toList();
    }

    private static SkewEvidence of(RunView run, StageFacts stage) {
        var duration = stage.metric(TaskMetric.DURATION);
        var shuffle = stage.metric(TaskMetric.SHUFFLE_READ_BYTES);
        long wall = Math.max(1, stage.wallMs());
        List<PlanNode> nodes = run.nodesIn(stage);
        String join = nodes.stream().filter(PlanNode::isJoin).map(PlanNode::name).findFirst().orElse("");
        return new SkewEvidence(stage.stageId(), stage.successfulTasks(), duration.max(), duration.p50(), duration.p75(),
                RunMetrics.maxToMedian(stage), wall, Math.min(1, (double) (duration.max() - duration.p50()) / wall), shuffle.max(), shuffle.p50(),
                keys(run.exchangesInto(stage)), join, join.equals("SortMergeJoin") || join.equals("ShuffledHashJoin"),
                sources(run, stage), run.slots(), run.appDurationMs());
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

    /** Wall time the stage would lose if its longest task ran like the 75th-percentile task (the 90th is the max itself below ten tasks). */
    public long stragglerMs() {
        return Math.max(0, maxTaskMs - p75TaskMs);
    }

    public double shuffleReadRatio() {
        return (double) maxShuffleReadBytes / Math.max(1, medianShuffleReadBytes);
    }
}
