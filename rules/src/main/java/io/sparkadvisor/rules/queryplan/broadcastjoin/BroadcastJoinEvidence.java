package io.sparkadvisor.rules.queryplan.broadcastjoin;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.execution.spill.SpillRule;
import io.sparkadvisor.rules.queryplan.Conjuncts;
import io.sparkadvisor.rules.queryplan.JoinSide;
import io.sparkadvisor.rules.queryplan.PlanStages;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A join whose strategy does not fit the size of its sides, measured on the exchanges that fed it. A shuffled
 * join (sort-merge or shuffled hash, Photon's too): the smaller side its join type lets Spark broadcast, and what
 * the shuffle costs that a broadcast removes (both sides' shuffle write, their sorts, the join stage's fetch
 * wait). A broadcast join: the size of what it broadcast and the driver time it took.
 *
 * @param join the join operator as the plan names it
 * @param joinType Inner, LeftOuter, ...
 * @param keys the join keys of the side that is, or could be, broadcast
 * @param buildSide the side that is, or could be, broadcast: left or right
 * @param buildSideBytes that side's data size (rows as Spark holds them in memory)
 * @param buildSideRows that side's rows
 * @param otherSideBytes the other side's data size (0 when no exchange of its own feeds a broadcast join)
 * @param otherSideRows the other side's rows
 * @param otherSideShuffleBytes the bytes the other side's exchange wrote to shuffle files (serialized and compressed, so
 *        far below its data size): what a broadcast of the build side takes off the disks and the network
 * @param thresholdBytes spark.sql.autoBroadcastJoinThreshold in force (-1: broadcasts off)
 * @param proposedThresholdBytes a threshold that lets the build side be broadcast, with headroom; 0 for a broadcast
 * @param shuffleWriteTimeMs both sides' shuffle write time
 * @param sortTimeMs both sides' sort time
 * @param sortSpillBytes what both sides' sorts spilled (in memory form)
 * @param fetchWaitMs shuffle fetch wait of the join's stages
 * @param broadcastTimeMs driver time to collect, build and send the broadcast; 0 for a shuffled join
 * @param savedTaskMs task time a broadcast saves: shuffle write, sorts, their spill and fetch wait; 0 for a broadcast
 * @param stagesWallMs wall time of the exchanges' and the join's stages
 * @param kind a shuffled join with a small side, or an oversized broadcast
 * @param stageIds the exchanges' and the join's stages
 * @param joinStageIds the stages that ran the join: the reduce stages a broadcast removes
 * @param slots task slots of the run
 * @param appDurationMs the run's duration
 */
public record BroadcastJoinEvidence(String join, String joinType, String keys, String buildSide, long buildSideBytes,
        long buildSideRows, long otherSideBytes, long otherSideRows, long otherSideShuffleBytes, long thresholdBytes, long proposedThresholdBytes,
        long shuffleWriteTimeMs, long sortTimeMs, long sortSpillBytes, long fetchWaitMs, long broadcastTimeMs, long savedTaskMs,
        long stagesWallMs, @Internal BroadcastJoinKind kind, @Internal List<Integer> stageIds, @Internal List<Integer> joinStageIds, @Internal int slots,
        @Internal long appDurationMs) implements Evidence {
    /** Spark's default spark.sql.autoBroadcastJoinThreshold. */
    static final long DEFAULT_THRESHOLD_BYTES = 10L << 20;
    private static final long MIB = 1L << 20;
    private static final Pattern KEY_LISTS = Pattern.compile("\\[([^\\]]*)],\\s*\\[([^\\]]*)]");
    private static final Pattern JOIN_TYPE = Pattern.compile(
            "\\b(Inner|Cross|LeftOuter|RightOuter|FullOuter|LeftSemi|LeftAnti|ExistenceJoin)\\b");
    /** Join types whose left input Spark can broadcast; the right one it can for all but these. */
    private static final Set<String> LEFT_BUILDABLE = Set.of("Inner", "Cross", "RightOuter");
    private static final Set<String> RIGHT_UNBUILDABLE = Set.of("RightOuter", "FullOuter");

    public static List<BroadcastJoinEvidence> of(RunView run, Thresholds t) {
        long threshold = threshold(run);
        List<BroadcastJoinEvidence> out = new ArrayList<>();
        for (SqlExecutionFacts sql : run.facts().sqlExecutions()) {
            for (PlanNode join : sql.nodes()) {
                String twin = join.sparkTwin();
                boolean shuffled = twin.startsWith("SortMergeJoin") || twin.startsWith("ShuffledHashJoin");
                if (shuffled || JoinSide.broadcastJoin(join)) {
                    List<Optional<JoinSide>> sides = JoinSide.of(sql, join);
                    Optional<JoinSide> build = shuffled
                            ? bothMeasured(sides).flatMap(s -> smallestBuildable(s, joinType(join.simpleString())))
                            : JoinSide.built(sides, join.simpleString());
                    build.map(b -> of(run, join, b, sides.get(b.left() ? 1 : 0), shuffled, threshold, t)).ifPresent(out::add);
                }
            }
        }
        return out;
    }

    private static BroadcastJoinEvidence of(RunView run, PlanNode join, JoinSide build, Optional<JoinSide> other,
            boolean shuffled, long threshold, Thresholds t) {
        String type = joinType(join.simpleString());
        String keys = keys(join.simpleString(), build.left());
        Set<Integer> stages = new HashSet<>(join.stageIds());
        stages.addAll(build.exchange().stageIds());
        other.ifPresent(o -> stages.addAll(o.exchange().stageIds()));
        List<Integer> stageIds = stages.stream().sorted().toList();
        long wall = PlanStages.of(run, stageIds).wallMs();
        if (!shuffled) {
            return new BroadcastJoinEvidence(join.name(), type, keys, build.name(), build.bytes(), build.rows(),
                    other.map(JoinSide::bytes).orElse(0L), other.map(JoinSide::rows).orElse(0L),
                    other.map(JoinSide::shuffleWrittenBytes).orElse(0L), threshold, 0, 0, 0, 0, 0,
                    build.broadcastTimeMs(), 0, wall, BroadcastJoinKind.BROADCAST, stageIds, join.stageIds(),
                    run.slots(), run.appDurationMs());
        }
        long fetchWait = run.finalStages().stream().filter(s -> join.stageIds().contains(s.stageId()))
                .mapToLong(s -> s.sum(TaskMetric.SHUFFLE_FETCH_WAIT_TIME)).sum();
        return shuffledJoin(join, type, keys, build, other.orElseThrow(), threshold, fetchWait, stageIds, wall, run.slots(),
                run.appDurationMs(), t);
    }

    private static Optional<List<JoinSide>> bothMeasured(List<Optional<JoinSide>> sides) {
        return sides.stream().allMatch(Optional::isPresent) ? Optional.of(sides.stream().map(Optional::get).toList())
                : Optional.empty();
    }

    /** The evidence of a shuffled join from its measured sides; the proposed threshold and the saving are computed here. */
    static BroadcastJoinEvidence shuffledJoin(PlanNode join, String type, String keys, JoinSide build, JoinSide other,
            long threshold, long fetchWaitMs, List<Integer> stageIds, long stagesWallMs, int slots, long appDurationMs,
            Thresholds t) {
        long write = build.shuffleWriteTimeMs() + other.shuffleWriteTimeMs();
        long sort = build.sortTimeMs() + other.sortTimeMs();
        long spill = build.sortSpillBytes() + other.sortSpillBytes();
        // The spill's memory form, counted once: a stand-in for writing and reading back its smaller disk form.
        long spillMs = Math.round(1_000.0 * spill / t.get(SpillRule.DISK_BYTES_PER_SECOND));
        return new BroadcastJoinEvidence(join.name(), type, keys, build.name(), build.bytes(), build.rows(), other.bytes(),
                other.rows(), other.shuffleWrittenBytes(), threshold, proposedThreshold(build.bytes(), t), write, sort, spill, fetchWaitMs, 0,
                write + sort + spillMs + fetchWaitMs, stagesWallMs, BroadcastJoinKind.SHUFFLED, stageIds, join.stageIds(),
                slots, appDurationMs);
    }

    /** spark.sql.autoBroadcastJoinThreshold in force: -1 (or any negative value) turns broadcasts off. */
    private static long threshold(RunView run) {
        Optional<String> set = run.sparkSetting("spark.sql.autoBroadcastJoinThreshold").map(String::trim);
        if (set.isPresent() && set.get().startsWith("-")) {
            return -1;
        }
        return run.sparkBytes("spark.sql.autoBroadcastJoinThreshold", 1).orElse(DEFAULT_THRESHOLD_BYTES);
    }

    /** The build side times the headroom, rounded up to whole MiB, and never below Spark's default. */
    static long proposedThreshold(long buildBytes, Thresholds t) {
        long withHeadroom = (long) Math.ceil(buildBytes * t.get(BroadcastJoinRule.THRESHOLD_HEADROOM));
        return Math.max(DEFAULT_THRESHOLD_BYTES, (withHeadroom + MIB - 1) / MIB * MIB);
    }

    static String joinType(String simpleString) {
        Matcher m = JOIN_TYPE.matcher(simpleString);
        return m.find() ? m.group(1) : "";
    }

    /** The smaller of the sides Spark may broadcast for this join type (left only for inner, cross and right outer joins). */
    private static Optional<JoinSide> smallestBuildable(List<JoinSide> sides, String type) {
        return sides.stream().filter(s -> s.left() ? LEFT_BUILDABLE.contains(type) : !type.isEmpty()
                && !RIGHT_UNBUILDABLE.contains(type)).min((a, b) -> Long.compare(a.bytes(), b.bytes()));
    }

    /** The join keys of one side, attribute ids removed; empty for a join without key lists. */
    static String keys(String simpleString, boolean left) {
        Matcher m = KEY_LISTS.matcher(simpleString);
        return m.find() ? Conjuncts.readable(m.group(left ? 1 : 2)) : "";
    }

    /** Wall time the broadcast saves, the saved task time spread over the slots; for a broadcast, its driver time. */
    public long savedWallMs() {
        return kind == BroadcastJoinKind.SHUFFLED ? savedTaskMs / Math.max(1, slots) : broadcastTimeMs;
    }

    public double shareOfRun() {
        return (double) savedWallMs() / Math.max(1, appDurationMs);
    }

    /** Whether another finding is about a stage that ran the join: a broadcast removes its shuffle read. */
    public boolean inJoinStage(Diagnosis other) {
        return other.evidence().stageIds().stream().anyMatch(joinStageIds::contains);
    }

    /** Whether the threshold in force already lets the build side through (the optimizer's estimate was the obstacle). */
    public boolean thresholdAllows() {
        return thresholdBytes >= proposedThresholdBytes;
    }
}
