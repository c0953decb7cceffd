package io.sparkadvisor.rules.compare;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A join strategy that flipped between the runs (a broadcast join that became a sort-merge join, or back), and why:
 * the broadcast threshold changed, or the side that was (or would be) broadcast grew past it or shrank below it.
 *
 * @param from           the join operator of the baseline: {@code BroadcastHashJoin}
 * @param to             the run's: {@code SortMergeJoin}
 * @param thresholdBefore spark.sql.autoBroadcastJoinThreshold of the baseline in bytes (-1: broadcasts off)
 * @param thresholdAfter the run's
 * @param broadcastBytes what the run that broadcast sent (its broadcast exchange's data size); empty when unknown
 */
public record JoinFlip(String from, String to, long thresholdBefore, long thresholdAfter, OptionalLong broadcastBytes) {
    private static final String THRESHOLD = "spark.sql.autoBroadcastJoinThreshold";
    /** Spark's default: https://spark.apache.org/docs/latest/sql-performance-tuning.html */
    private static final long DEFAULT_THRESHOLD = 10L << 20;
    private static final List<String> STRATEGIES = List.of("BroadcastHashJoin", "SortMergeJoin", "ShuffledHashJoin",
            "BroadcastNestedLoopJoin", "CartesianProduct");

    public boolean thresholdChanged() {
        return thresholdBefore != thresholdAfter;
    }

    /** The broadcast join the baseline ran that the run does not, or the other way round; empty when none flipped. */
    static Optional<JoinFlip> between(RunFacts baseline, RunFacts run) {
        for (String before : STRATEGIES) {
            for (String after : STRATEGIES) {
                if (!before.equals(after) && (before.startsWith("Broadcast") || after.startsWith("Broadcast"))
                        && count(baseline, before) > count(run, before) && count(run, after) > count(baseline, after)) {
                    RunFacts broadcasting = before.startsWith("Broadcast") ? baseline : run;
                    return Optional.of(new JoinFlip(before, after, threshold(baseline), threshold(run), broadcastBytes(broadcasting)));
                }
            }
        }
        return Optional.empty();
    }

    private static long count(RunFacts run, String join) {
        return nodes(run).filter(n -> n.sparkTwin().startsWith(join)).count();
    }

    private static java.util.stream.Stream<PlanNode> nodes(RunFacts run) {
        return run.sqlExecutions().stream().flatMap(e -> e.nodes().stream());
    }

    private static long threshold(RunFacts run) {
        return run.properties().get(THRESHOLD).map(v -> v.trim().equals("-1") ? -1L
                : SparkProperties.parseSize(v, 1).orElse(DEFAULT_THRESHOLD)).orElse(DEFAULT_THRESHOLD);
    }

    private static OptionalLong broadcastBytes(RunFacts run) {
        return nodes(run).filter(n -> n.sparkTwin().startsWith("BroadcastExchange")).map(n -> n.metric("data size"))
                .flatMap(Optional::stream).mapToLong(Long::longValue).max();
    }
}
