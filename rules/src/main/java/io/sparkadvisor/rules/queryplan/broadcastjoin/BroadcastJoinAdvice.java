package io.sparkadvisor.rules.queryplan.broadcastjoin;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Checks;
import io.sparkadvisor.rules.advisor.Diagnosis;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.MetricCheck;
import io.sparkadvisor.rules.advisor.MetricCheck.Comparison;
import io.sparkadvisor.rules.advisor.Recommendation;
import io.sparkadvisor.rules.advisor.Remedy;
import io.sparkadvisor.rules.advisor.Metric;
import io.sparkadvisor.rules.advisor.Savings;
import io.sparkadvisor.rules.advisor.Step;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The broadcast-join recommendation. A small side: raise spark.sql.autoBroadcastJoinThreshold above it (unless the
 * threshold in force already is), then, if the optimizer's estimate still keeps the join shuffled, a broadcast hint
 * on that side. An oversized broadcast: a threshold below it where the threshold let it through, and in any case
 * the hint removed. The follow-up measures the run not slower, and the side gone from what it shuffles (a small side)
 * or broadcasts (an oversized one), each in the unit its exchange measured it in.
 */
final class BroadcastJoinAdvice {
    private static final long MIB = 1L << 20;

    private BroadcastJoinAdvice() {}

    static Remedy remedy(BroadcastJoinEvidence e, Diagnosis d, Thresholds t) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("join", e.join());
        scope.put("joinType", e.joinType());
        scope.put("keys", e.keys());
        scope.put("side", e.buildSide());
        scope.put("buildBytes", Format.bytes(e.buildSideBytes()));
        scope.put("halfBuildBytes", Format.bytes(e.buildSideBytes() / 2));
        scope.put("buildRows", e.buildSideRows());
        scope.put("otherBytes", Format.bytes(e.otherSideBytes()));
        scope.put("otherRows", e.otherSideRows());
        scope.put("threshold", e.thresholdBytes() < 0 ? "-1" : Format.bytes(e.thresholdBytes()));
        scope.put("proposed", e.proposedThresholdBytes() / MIB + "m");
        scope.put("shuffleWrite", Format.duration(e.shuffleWriteTimeMs()));
        scope.put("sort", Format.duration(e.sortTimeMs()));
        scope.put("sortSpill", Format.bytes(e.sortSpillBytes()));
        scope.put("fetchWait", Format.duration(e.fetchWaitMs()));
        scope.put("broadcastTime", Format.duration(e.broadcastTimeMs()));
        scope.put("saved", Format.duration(e.savedWallMs()));
        scope.put("stages", e.stageIds().toString());
        scope.put("default", BroadcastJoinEvidence.DEFAULT_THRESHOLD_BYTES / MIB + "m");
        Messages m = Messages.of(BroadcastJoinRule.ID, scope, t);
        List<Step> steps = new ArrayList<>();
        String kind;
        if (e.kind() == BroadcastJoinKind.SHUFFLED) {
            kind = "Small";
            if (!e.thresholdAllows()) {
                steps.add(step(steps, Change.sparkConf("spark.sql.autoBroadcastJoinThreshold", scope.get("proposed")),
                        m, "thresholdChecks", t, e));
            }
            steps.add(step(steps, Change.code(m.text("hintChange"), m.text("hint")), m, "hintChecks", t, e));
        } else {
            kind = "Large";
            List<Change> changes = new ArrayList<>();
            if (e.thresholdBytes() >= e.buildSideBytes()) {
                changes.add(Change.sparkConf("spark.sql.autoBroadcastJoinThreshold", scope.get("default")));
            }
            changes.add(Change.code(m.text("noHintChange"), m.text("noHint")));
            // The side's data size is its rows in memory, as the run's broadcasts are summed: shuffled instead, it leaves that
            // sum; half of it allows for the side's growth and the other broadcasts' noise.
            MetricCheck notBroadcast = new MetricCheck(Metric.BROADCAST_BYTES.ofRun(), Comparison.AT_MOST_BASELINE_MINUS,
                    e.buildSideBytes() / 2, m.text("largeNotBroadcastCheck"));
            steps.add(new Step(1, changes, m.list("largeChecks"), m.text("largeRollback"),
                    List.of(Checks.ofRun().notSlower(t), notBroadcast)));
        }
        Savings savings = kind.equals("Small") ? Savings.of(e.savedWallMs(), e.savedTaskMs())
                : Savings.slotTime(e.savedWallMs(), e.slots());
        return new Remedy(m.text("title" + kind), new Recommendation(m.text("summary" + kind),
                m.list("preconditions" + kind), steps, m.text("proof" + kind), m.text("experiment" + kind)), savings);
    }

    /**
     * A step that broadcasts the small side: not slower, and the large side's shuffle gone (at least half the bytes its
     * exchange wrote; its data size is the rows in memory, which a shuffle writes compressed, a third as large here).
     */
    private static Step step(List<Step> before, Change change, Messages m, String checks, Thresholds t, BroadcastJoinEvidence e) {
        return new Step(before.size() + 1, List.of(change), m.list(checks), m.text("smallRollback"),
                List.of(Checks.ofRun().notSlower(t), Checks.ofRun().lessShuffle(Math.max(1, e.otherSideShuffleBytes() / 2))));
    }
}
